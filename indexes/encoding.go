package indexes

// Encoding is one entry of the standard's encodings.json (section 4.2,
// "Names and labels"): an encoding's name, its labels, and the heading of the
// table it is listed under.
type Encoding struct {
	Name    string
	Labels  []string
	Heading string
}

package codec

import (
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// The CJK families' benchmark pairs (issue 3): ja as Shift_JIS, EUC-JP and
// ISO-2022-JP, ko as EUC-KR, zh_cn as gb18030 and GBK, zh_tw as Big5, each
// as plain text and as HTML, with x/text's codec for the same encoding.
func init() {
	for _, page := range []string{".txt", ".html"} {
		benchPairs = append(benchPairs,
			benchPair{"ja" + page, ShiftJIS, japanese.ShiftJIS},
			benchPair{"ja" + page, EUCJP, japanese.EUCJP},
			benchPair{"ja" + page, ISO2022JP, japanese.ISO2022JP},
			benchPair{"ko" + page, EUCKR, korean.EUCKR},
			benchPair{"zh_cn" + page, GB18030, simplifiedchinese.GB18030},
			benchPair{"zh_cn" + page, GBK, simplifiedchinese.GBK},
			benchPair{"zh_tw" + page, Big5, traditionalchinese.Big5},
		)
	}
}

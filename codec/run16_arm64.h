// RUN16(step, last, done, check, store): the loop that the NEON kernels
// for runs (ascii_arm64.s, utf16_arm64.s) share, with labels of their
// own: 16 bytes or code units a step from R2 while n (R1) allows, then
// the last 16 (overlapping what was taken: n >= 16). check(at) tests the
// 16 at offset at, leaving R5 non-zero where the kernel must stop before
// them; store(at) writes them to the output. R3 is scratch (the next
// step's start); R2 ends at done holding how far the kernel got: n, or
// the start of the first step it did not take.
#define RUN16(step, last, done, check, store) \
step: \
	ADD   $16, R2, R3; \
	CMP   R1, R3; \
	BHI   last; \
	check(R2); \
	CBNZ  R5, done; \
	store(R2); \
	MOVD  R3, R2; \
	B     step; \
last: \
	CMP   R1, R2; \
	BEQ   done; \
	SUB   $16, R1, R3; \
	check(R3); \
	CBNZ  R5, done; \
	store(R3); \
	MOVD  R1, R2; \
done:

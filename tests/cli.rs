//! Transcript tests: every case under `tests/cmd/<game>/` runs the real binary on an input and
//! compares stdout, stderr and the exit status with the files beside it.

#[test]
fn transcripts() {
    trycmd::TestCases::new().case("tests/cmd/*/*.toml");
}

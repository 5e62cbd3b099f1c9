//! Which deal to play, on the command line (`judge` and `human` share it; `bench` names
//! official cases the same way).

use solitaire_chess::contest::{AlphabetError, Group, OfficialCase, alphabet};
use solitaire_chess::{Deal, official_deal};

/// Which deal to play: a contest group, an alphabet of judge letters or an official case,
/// and the judge's seed.
#[derive(clap::Args, Debug, Clone)]
pub struct DealArgs {
    /// A contest group 1..6 (its alphabet), with --seed.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6), conflicts_with = "alphabet", allow_negative_numbers = true)]
    pub(super) group: Option<u8>,

    /// The judge's letters for the types that occur (`1234tlds` or a part), with --seed.
    #[arg(long, value_parser = parse_alphabet)]
    pub(super) alphabet: Option<String>,

    /// One of the 14 official test cases: g1, g2, g3-1 .. g6-3.
    #[arg(long, value_name = "CASE", conflicts_with_all = ["group", "alphabet", "seed"])]
    pub(super) official: Option<OfficialCase>,

    /// The seed of the deal (the judge's `random.seed`).
    #[arg(long, default_value_t = 1, value_parser = text::cli::whole_number, allow_negative_numbers = true)]
    pub(super) seed: u64,
}

/// An alphabet of judge letters in any case, checked.
fn parse_alphabet(letters: &str) -> Result<String, AlphabetError> {
    let letters = letters.to_ascii_lowercase();
    alphabet(&letters)?;
    Ok(letters)
}

impl DealArgs {
    /// The deal the options name and a name for it; `None` if they name none.
    pub(super) fn deal(&self) -> Option<(String, Deal)> {
        if let Some(case) = &self.official {
            return Some((case.describe(), case.deal()));
        }
        let letters = match (self.group, &self.alphabet) {
            (Some(group), _) => Group::get(group)?.letters.to_string(),
            (None, Some(letters)) => letters.clone(),
            (None, None) => return None,
        };
        let pieces = alphabet(&letters).ok()?;
        let name = format!("alphabet {letters}, seed {}", self.seed);
        Some((name, official_deal(&pieces, self.seed)))
    }
}

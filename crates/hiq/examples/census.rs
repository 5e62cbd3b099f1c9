//! Counts the central game of the English board and prints the totals (for profiling).
fn main() {
    let start = std::time::Instant::now();
    let census = hiq::census(hiq::Layout::english(), &|k, n| {
        eprintln!("{k} {n} {:?}", start.elapsed());
    });
    println!(
        "{} {} {} {}",
        census.positions(),
        census.winning(),
        census.solutions,
        census.games()
    );
}

//! Times `fewest_pegs` and `finish_in` over the single-vacancy starts of the English board.
//!
//! `worst VACANT HOLE` times one problem (the full board less VACANT, one peg in HOLE);
//! `worst VACANT HOLE PEGS` times it with endgame tables of 0 to PEGS pegs built at once.
use std::time::Instant;
fn main() {
    let layout = hiq::Layout::english();
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    if let &[vacant, hole, pegs] = &args[..] {
        let start = layout.full().without(layout.hole(vacant).unwrap());
        let hole = layout.hole(hole).unwrap();
        for pegs in 0..=pegs {
            let t = Instant::now();
            let found = hiq::finish_in_with_endgame(layout, start, hole, pegs, 0);
            println!(
                "table of {pegs:2} pegs: {:?} {}",
                t.elapsed(),
                found.is_ok()
            );
        }
        return;
    }
    let mut worst = (std::time::Duration::ZERO, String::new());
    let mut total = std::time::Duration::ZERO;
    for v in 1..=33 {
        if args.len() == 2 && v != args[0] {
            continue;
        }
        let vac = layout.hole(v).unwrap();
        let start = layout.full().without(vac);
        let t = Instant::now();
        let s = hiq::fewest_pegs(layout, start);
        let e = t.elapsed();
        total += e;
        if e > worst.0 {
            worst = (e, format!("fewest from full minus {v}: {}", s.end.count()));
        }
        for h in 1..=33 {
            if args.len() == 2 && h != args[1] {
                continue;
            }
            let t = Instant::now();
            let s = hiq::finish_in(layout, start, layout.hole(h).unwrap());
            let e = t.elapsed();
            total += e;
            if e > worst.0 {
                worst = (e, format!("finish {h} from full minus {v}: {}", s.is_ok()));
            }
            if e.as_millis() > 300 {
                println!("{e:?} finish {h} from full minus {v}: {}", s.is_ok());
            }
        }
    }
    println!("worst {:?} {}; total {total:?}", worst.0, worst.1);
}

//! Times loading game files: `cargo run --release -p codebreak-gamefile --example time_load -- FILE...`.
fn main() {
    for arg in std::env::args().skip(1) {
        let start = std::time::Instant::now();
        match codebreak_gamefile::load(std::path::Path::new(&arg)) {
            Ok(_) => println!("{arg}: {:.3} s", start.elapsed().as_secs_f64()),
            Err(e) => println!("{arg}: {e}"),
        }
    }
}

//! How long reading a 15 MB UAD 3.6 data file takes: the ZIP opened and the MESSAGE streamed once,
//! ten times, after one warm-up read. Target: under 1 s each in a release build.
use std::time::{Duration, Instant};

use portal_uad::samples::{self, Sample};
use portal_uad::{Limits, read};

const TARGET: Duration = Duration::from_secs(1);

fn main() {
    let filler = 15 * 1024 * 1024 - 8 * 1024;
    let sample = Sample { filler_bytes: filler, ..Sample::default() };
    let xml_bytes = samples::uad36_message(&sample).len();
    let file = samples::uad36(&sample);
    let limits = Limits::default();
    read(&file, &limits).expect("the sample reads");
    let mut times: Vec<Duration> = (0..10)
        .map(|_| {
            let started = Instant::now();
            let report = read(&file, &limits).expect("the sample reads");
            assert_eq!(report.value_cents, Some(65_000_000));
            started.elapsed()
        })
        .collect();
    times.sort();
    println!(
        "UAD 3.6 read: XML {:.1} MB in a {:.1} MB ZIP; best {:?}, median {:?}, worst {:?} (target {TARGET:?})",
        xml_bytes as f64 / 1_048_576.0,
        file.len() as f64 / 1_048_576.0,
        times[0],
        times[times.len() / 2],
        times[times.len() - 1]
    );
    if times[times.len() - 1] > TARGET {
        eprintln!("slower than the target");
        std::process::exit(1);
    }
}

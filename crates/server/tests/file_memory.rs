//! A 50 MB upload and download through the real server (in this process) must stream: the
//! process's resident memory may grow by less than 32 MB. Its own test binary, so nothing else
//! runs beside it.
mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use bytes::Bytes;
use futures_util::StreamExt;
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use sha2::{Digest, Sha256};

use common::TestApp;
use common::orders::demo_appraisers_order;

const SIZE: usize = 50 * 1024 * 1024;
const CHUNK: usize = 64 * 1024;

fn resident_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kb: u64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    kb * 1024
}

/// The chunk at `i`: a PDF header first, then varied bytes so nothing compresses or dedupes.
fn chunk(i: usize) -> Bytes {
    let mut data = vec![0u8; CHUNK];
    for (j, b) in data.iter_mut().enumerate() {
        *b = ((i * 31 + j * 7) % 251) as u8;
    }
    if i == 0 {
        data[..8].copy_from_slice(b"%PDF-1.7");
    }
    Bytes::from(data)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_megabytes_stream_through_in_both_directions() {
    let app = TestApp::start(common::Db::Sqlite).await.unwrap();
    let id = demo_appraisers_order(&app, "700100", 13).await;
    let s = app.signed_in("demo.appraiser").await;

    let baseline = resident_bytes();
    let peak = Arc::new(AtomicU64::new(baseline));
    let sampler = {
        let peak = peak.clone();
        tokio::spawn(async move {
            loop {
                peak.fetch_max(resident_bytes(), Ordering::Relaxed);
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            }
        })
    };

    let mut expected = Sha256::new();
    for i in 0..SIZE / CHUNK {
        expected.update(chunk(i));
    }
    let body = reqwest::Body::wrap_stream(futures_util::stream::iter(
        (0..SIZE / CHUNK).map(|i| Ok::<_, std::io::Error>(chunk(i))),
    ));
    let part = Part::stream_with_length(body, SIZE as u64).file_name("big-report.pdf");
    let form =
        Form::new().text("orderId", id.to_string()).part("files", part).text("fileTypes", "1");
    let r = s
        .http
        .post(format!("{}/api/file/upload", s.app_base))
        .header("X-XSRF-TOKEN", s.csrf.clone().unwrap())
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let records: serde_json::Value = r.json().await.unwrap();
    assert_eq!(records[0]["fileSize"], SIZE);
    let file_id = records[0]["id"].as_i64().unwrap();

    let r = s.get(&format!("/api/file/stream/appraisalfile/{file_id}")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let mut got = Sha256::new();
    let mut length = 0;
    let mut stream = r.bytes_stream();
    while let Some(piece) = stream.next().await {
        let piece = piece.unwrap();
        length += piece.len();
        got.update(&piece);
    }
    sampler.abort();
    assert_eq!(length, SIZE);
    assert_eq!(got.finalize(), expected.finalize(), "the download is the upload");
    let growth = peak.load(Ordering::Relaxed).saturating_sub(baseline);
    println!(
        "resident memory grew by {:.1} MB for a 50 MB upload and download",
        growth as f64 / 1048576.0
    );
    assert!(growth < 32 * 1024 * 1024, "memory grew by {growth} bytes");
}

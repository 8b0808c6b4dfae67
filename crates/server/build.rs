// rust-embed refuses to build when the folder it embeds is missing; a server built before the
// web app (for example by `cargo test`) embeds an empty folder and says so at run time.
fn main() {
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist");
    std::fs::create_dir_all(&dist).expect("create web/dist");
    println!("cargo:rerun-if-changed={}", dist.display());
}

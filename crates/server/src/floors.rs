//! The floors of the server's modules, checked on every `cargo test`: a module imports from its own
//! floor or the ones below (`platform` < `kernel` < `features` < `areas` < the top), the modules
//! of one floor import each other without a circle, and the crate has at most `MAX_TOP_LEVEL`
//! top-level modules. A failure names the file and line of each offending import.
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const FLOORS: [&str; 4] = ["platform", "kernel", "features", "areas"];
const TOP: [&str; 6] = ["app", "router", "scheduled", "demo", "backup", "reactions"];
const MAX_TOP_LEVEL: usize = 20;

/// A module the floors know: a floor's direct child (`kernel::orders`) or a top module (`router`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Unit {
    floor: usize,
    name: String,
}

impl std::fmt::Display for Unit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match FLOORS.get(self.floor) {
            Some(floor) => write!(f, "{floor}::{}", self.name),
            None => f.write_str(&self.name),
        }
    }
}

/// The unit a module path names (`["kernel", "orders", "apply"]` is `kernel::orders`).
fn unit_of(path: &[&str]) -> Option<Unit> {
    let first = *path.first()?;
    if let Some(floor) = FLOORS.iter().position(|f| *f == first) {
        return Some(Unit { floor, name: path.get(1)?.to_string() });
    }
    TOP.contains(&first).then(|| Unit { floor: FLOORS.len(), name: first.to_string() })
}

/// An import of `to` at `line` of `file`.
#[derive(Debug)]
struct Import {
    file: String,
    line: usize,
    to: Unit,
}

fn identifier(text: &str) -> &str {
    let end = text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(text.len());
    &text[..end]
}

/// The units named by `crate::` paths in one line of code (comments left out).
fn imports_in(code: &str) -> Vec<Unit> {
    let code = code.split("//").next().unwrap_or_default();
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let first = identifier(rest);
        let second = rest[first.len()..].strip_prefix("::").map(identifier).unwrap_or_default();
        let path: Vec<&str> = [first, second].into_iter().filter(|s| !s.is_empty()).collect();
        found.extend(unit_of(&path));
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read the source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every import between units outside tests, by the unit that makes it.
fn imports(src: &Path) -> BTreeMap<Unit, Vec<Import>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut by_unit: BTreeMap<Unit, Vec<Import>> = BTreeMap::new();
    for path in files {
        let relative = path.strip_prefix(src).expect("inside src");
        let parts: Vec<String> =
            relative.with_extension("").iter().map(|p| p.to_string_lossy().into_owned()).collect();
        let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
        let Some(from) = unit_of(&parts) else { continue };
        let text = std::fs::read_to_string(&path).expect("read a source file");
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (n, line) in code.lines().enumerate() {
            for to in imports_in(line) {
                if to != from {
                    let file = format!("crates/server/src/{}", relative.display());
                    by_unit.entry(from.clone()).or_default().push(Import { file, line: n + 1, to });
                }
            }
        }
    }
    by_unit
}

/// Imports that run up a floor.
fn upward(imports: &BTreeMap<Unit, Vec<Import>>) -> Vec<String> {
    let mut found = Vec::new();
    for (from, list) in imports {
        for i in list.iter().filter(|i| i.to.floor > from.floor) {
            found.push(format!("{}:{}: {from} imports {}, a floor above it", i.file, i.line, i.to));
        }
    }
    found
}

/// The circles between units (strongly connected components of more than one), each with the
/// imports inside it.
fn circles(imports: &BTreeMap<Unit, Vec<Import>>) -> Vec<String> {
    let edges: BTreeMap<&Unit, BTreeSet<&Unit>> =
        imports.iter().map(|(from, list)| (from, list.iter().map(|i| &i.to).collect())).collect();
    let reaches = |from: &Unit| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from];
        while let Some(u) = todo.pop() {
            for next in edges.get(u).into_iter().flatten() {
                if seen.insert(*next) {
                    todo.push(*next);
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&Unit, BTreeSet<&Unit>> = edges.keys().map(|u| (*u, reaches(u))).collect();
    let mut reported = BTreeSet::new();
    let mut found = Vec::new();
    for (from, list) in imports {
        for i in list {
            let back = reach.get(&i.to).is_some_and(|r| r.contains(from));
            if back && reported.insert((from, &i.to)) {
                found.push(format!(
                    "{}:{}: {from} imports {}, which imports it back",
                    i.file, i.line, i.to
                ));
            }
        }
    }
    found
}

fn top_level_modules(src: &Path) -> Vec<String> {
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("read lib.rs");
    lib.lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';').to_string())
        .collect()
}

#[test]
fn modules_import_down_the_floors_without_circles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let imports = imports(&src);
    assert!(imports.len() > 20, "the check found too few modules to be reading the source");
    let mut wrong = upward(&imports);
    wrong.extend(circles(&imports));
    assert!(wrong.is_empty(), "imports that break the floors:\n{}", wrong.join("\n"));
}

#[test]
fn the_top_level_has_few_modules_each_on_a_floor() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let top = top_level_modules(&src);
    assert!(top.len() <= MAX_TOP_LEVEL, "{} top-level modules: {top:?}", top.len());
    for m in &top {
        assert!(
            FLOORS.contains(&m.as_str()) || TOP.contains(&m.as_str()),
            "lib.rs declares `{m}`, which is on no floor: add it under one"
        );
    }
}

#[test]
fn the_check_sees_an_upward_import_and_a_circle() {
    let unit = |floor: usize, name: &str| Unit { floor, name: name.into() };
    let import = |to: Unit| Import { file: "f.rs".into(), line: 1, to };
    assert_eq!(
        imports_in("use crate::features::billing::x; // crate::areas::staff"),
        vec![unit(2, "billing")]
    );
    let mut graph = BTreeMap::new();
    graph.insert(unit(1, "orders"), vec![import(unit(2, "billing"))]);
    graph.insert(unit(2, "billing"), vec![import(unit(2, "files"))]);
    graph.insert(unit(2, "files"), vec![import(unit(2, "billing"))]);
    assert_eq!(upward(&graph).len(), 1);
    assert_eq!(circles(&graph).len(), 2);
}

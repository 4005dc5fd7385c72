//! docs/rules.md against the sources: every rule ID on the page (BG-..., AD-..., RU-...) is named
//! by a test function in `tests/` or `src/` (the ID in snake case inside its name), and every test
//! the page cites on a `Tests:` line is a test function that exists. Reads only the repository.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// The families of rule IDs.
const PREFIXES: [&str; 3] = ["BG-", "AD-", "RU-"];
/// Attributes that make the next `fn` a test.
const TEST_ATTRIBUTES: [&str; 2] = ["#[test]", "#[wasm_bindgen_test]"];

fn rules_doc() -> String {
    let path = Path::new(ROOT).join("docs/rules.md");
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The rule IDs in `text`, in order of appearance: what `\b(BG|AD|RU)-[A-Z0-9-]+[A-Z0-9]\b`
/// finds (the grep that lists the IDs of RULES.md).
fn rule_ids(text: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for (i, _) in text.char_indices() {
        let rest = &text[i..];
        if !PREFIXES.iter().any(|p| rest.starts_with(p)) || text[..i].chars().next_back().is_some_and(is_word) {
            continue;
        }
        let tail = &rest[3..];
        let run = tail.find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-'));
        let mut body = &tail[..run.unwrap_or(tail.len())];
        // The longest part of the run that ends on a letter or digit followed by a non-word
        // character ('-' is one), as the regex backtracks to.
        loop {
            let trimmed = body.trim_end_matches('-');
            let bounded = trimmed.len() < body.len() || !tail[body.len()..].starts_with(is_word);
            if trimmed.len() >= 2 && bounded {
                ids.push(format!("{}{trimmed}", &rest[..3]));
                break;
            }
            match trimmed.rfind('-') {
                Some(cut) => body = &trimmed[..=cut],
                None => break,
            }
        }
    }
    ids
}

/// BG-MUST-USE-BOTH -> bg_must_use_both.
fn snake(id: &str) -> String {
    id.to_ascii_lowercase().replace('-', "_")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The name of the function a line declares (`fn name(`, `pub fn name<`...), if any.
fn fn_name(line: &str) -> Option<&str> {
    let code = line.split("//").next().unwrap();
    let at = code.find("fn ").filter(|&i| i == 0 || !code[..i].ends_with(is_word))?;
    let name = code[at + 3..].trim_start();
    let end = name.find(|c: char| !is_word(c)).unwrap_or(name.len());
    (end > 0 && name[end..].trim_start().starts_with(['(', '<'])).then(|| &name[..end])
}

/// Every function of the crate's Rust sources (`src/`, `tests/`), mapped to whether it is a test
/// (carries `#[test]` or `#[wasm_bindgen_test]`, possibly among other attributes and comments).
fn functions() -> BTreeMap<String, bool> {
    let mut files = Vec::new();
    for dir in ["src", "tests"] {
        rust_files(&Path::new(ROOT).join(dir), &mut files);
    }
    let mut fns = BTreeMap::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut is_test = false;
        for line in text.lines().map(str::trim) {
            if let Some(name) = fn_name(line) {
                *fns.entry(name.to_string()).or_insert(false) |= is_test;
                is_test = false;
            } else if TEST_ATTRIBUTES.iter().any(|a| line.starts_with(a)) {
                is_test = true;
            } else if !(line.starts_with("#[") || line.starts_with("//")) {
                is_test = false;
            }
        }
    }
    fns
}

/// The backquoted names of each `Tests:` paragraph (from a line starting `Tests:` to the next
/// blank line), with the number of the line the paragraph starts on.
fn cited_tests(doc: &str) -> Vec<(usize, Vec<String>)> {
    let mut out: Vec<(usize, Vec<String>)> = Vec::new();
    let mut open = false;
    for (n, line) in doc.lines().enumerate() {
        if line.trim().is_empty() {
            open = false;
            continue;
        }
        if let Some(rest) = line.trim_start().strip_prefix("Tests:") {
            out.push((n + 1, Vec::new()));
            open = true;
            collect_code(rest, &mut out.last_mut().unwrap().1);
        } else if open {
            collect_code(line, &mut out.last_mut().unwrap().1);
        }
    }
    out
}

fn collect_code(line: &str, names: &mut Vec<String>) {
    names.extend(line.split('`').skip(1).step_by(2).map(str::to_string));
}

/// The rule entries: for each `#### ID` heading, the names cited on `Tests:` lines before the
/// next heading.
fn entries(doc: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut current: Option<usize> = None;
    let mut text = String::new();
    let flush = |current: Option<usize>, text: &str, out: &mut Vec<(String, Vec<String>)>| {
        if let Some(i) = current {
            out[i].1 = cited_tests(text).into_iter().flat_map(|(_, names)| names).collect();
        }
    };
    for line in doc.lines() {
        if line.starts_with('#') {
            flush(current, &text, &mut out);
            text.clear();
            current = None;
            if let Some(heading) = line.strip_prefix("#### ") {
                let ids = rule_ids(heading);
                if let [id] = ids.as_slice() {
                    out.push((id.clone(), Vec::new()));
                    current = Some(out.len() - 1);
                }
            }
        } else {
            text.push_str(line);
            text.push('\n');
        }
    }
    flush(current, &text, &mut out);
    out
}

#[test]
fn rules_doc_every_rule_id_is_named_by_a_test() {
    let doc = rules_doc();
    let ids: BTreeSet<String> = rule_ids(&doc).into_iter().collect();
    assert!(ids.len() >= 30, "docs/rules.md lists only {} rule IDs: {ids:?}", ids.len());
    let tests: Vec<String> = functions().into_iter().filter(|&(_, t)| t).map(|(name, _)| name).collect();
    let untested: Vec<&String> = ids.iter().filter(|id| !tests.iter().any(|t| t.contains(&snake(id)))).collect();
    assert!(untested.is_empty(), "rule IDs of docs/rules.md that no test function names: {untested:?}");
}

#[test]
fn rules_doc_cites_only_tests_that_exist() {
    let doc = rules_doc();
    let fns = functions();
    let cited = cited_tests(&doc);
    assert!(cited.len() >= 30, "docs/rules.md has only {} Tests: lines", cited.len());
    let mut wrong = Vec::new();
    for (line, names) in &cited {
        if names.is_empty() {
            wrong.push(format!("line {line}: a Tests: line that names no test"));
        }
        for name in names {
            match fns.get(name) {
                Some(true) => {}
                Some(false) => wrong.push(format!("line {line}: `{name}` is a function but not a test")),
                None => wrong.push(format!("line {line}: no test function `{name}` in src/ or tests/")),
            }
        }
    }
    assert!(wrong.is_empty(), "docs/rules.md:\n{}", wrong.join("\n"));
}

#[test]
fn rules_doc_each_rule_entry_cites_a_test_named_after_it() {
    let doc = rules_doc();
    let entries = entries(&doc);
    let headed: BTreeSet<&String> = entries.iter().map(|(id, _)| id).collect();
    let mentioned: BTreeSet<String> = rule_ids(&doc).into_iter().collect();
    let without_entry: Vec<&String> = mentioned.iter().filter(|id| !headed.contains(id)).collect();
    assert!(without_entry.is_empty(), "rule IDs mentioned without a `#### ID` entry: {without_entry:?}");
    let mut wrong = Vec::new();
    for (id, names) in &entries {
        if !names.iter().any(|n| n.contains(&snake(id))) {
            wrong.push(format!("{id}: cites {names:?}, none named {}...", snake(id)));
        }
    }
    assert!(wrong.is_empty(), "docs/rules.md entries:\n{}", wrong.join("\n"));
}

#[test]
fn rules_doc_scanners_read_ids_functions_and_tests_lines() {
    let text = "BG-MUST-USE-BOTH, RU-DRAW-30-60. (AD-ENTER) RU-DRAW-5: xBG-HIT BG-Move RU-KING- RO-TABLE \
                AD-X BG-NO-MOVEs";
    let want = ["BG-MUST-USE-BOTH", "RU-DRAW-30-60", "AD-ENTER", "RU-DRAW-5", "RU-KING", "BG-NO"];
    assert_eq!(rule_ids(text), want);
    assert_eq!(snake("RU-DRAW-3K1K"), "ru_draw_3k1k");
    assert_eq!(fn_name("pub fn sample<T>(x: T) {"), Some("sample"));
    assert_eq!(fn_name("fn sample() {"), Some("sample"));
    assert_eq!(fn_name("let f = |x| x; // fn not_this()"), None);
    assert_eq!(fn_name("fn_name(\"x\")"), None);
    let doc = "#### BG-HIT\n\nTests: `bg_hit_a`,\n`bg_hit_b`\n\n`not_this`\n#### Other\nTests: `x_y`\n";
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<String>>();
    assert_eq!(cited_tests(doc), vec![(3, names(&["bg_hit_a", "bg_hit_b"])), (8, names(&["x_y"]))]);
    assert_eq!(entries(doc), vec![("BG-HIT".to_string(), names(&["bg_hit_a", "bg_hit_b"]))]);
    // This file's own tests are found, and a helper is not taken for a test.
    let fns = functions();
    assert_eq!(fns.get("rules_doc_cites_only_tests_that_exist"), Some(&true));
    assert_eq!(fns.get("rule_ids"), Some(&false));
}

//! Reading data files written from the published element names: every value, every hard stop and
//! warning, and the hostile files.
use chrono::NaiveDate;
use portal_uad::samples::{self, Sample};
use portal_uad::{
    Address, Limits, OrderFacts, Report, Version, hard_stops, read, sha256_hex, warnings,
};

fn both(sample: &Sample) -> [Report; 2] {
    let limits = Limits::default();
    [
        read(&samples::uad26(sample), &limits).unwrap(),
        read(&samples::uad36(sample), &limits).unwrap(),
    ]
}

fn codes(found: &[portal_uad::Finding]) -> Vec<&str> {
    found.iter().map(|f| f.code).collect()
}

fn order() -> OrderFacts {
    OrderFacts {
        address: Address {
            street: Some("12 Oak St".into()),
            city: Some("Austin".into()),
            state: Some("TX".into()),
            zip: Some("78701".into()),
        },
        license: Some(("TX-1234567".into(), "TX".into())),
        inspection_date: NaiveDate::from_ymd_opt(2026, 11, 20),
        report_pdf_sha256: Some(sha256_hex(&Sample::default().pdf)),
    }
}

#[test]
fn a_good_file_of_each_version_reads_whole_and_passes() {
    for (report, version) in
        both(&Sample::default()).into_iter().zip([Version::Uad26, Version::Uad36])
    {
        assert_eq!(report.version, version);
        assert_eq!(report.value_cents, Some(65_000_000));
        assert_eq!(report.effective_date, NaiveDate::from_ymd_opt(2026, 11, 20));
        assert_eq!(report.subject.line().as_deref(), Some("12 Oak St, Austin, TX 78701"));
        assert_eq!(report.appraiser.name.as_deref(), Some("Alex Rivera"));
        assert_eq!(report.appraiser.license_number.as_deref(), Some("TX-1234567"));
        assert_eq!(report.appraiser.license_expires, NaiveDate::from_ymd_opt(2027, 12, 31));
        assert_eq!(
            (report.condition.as_deref(), report.quality.as_deref()),
            (Some("C3"), Some("Q4"))
        );
        assert_eq!(report.basis.as_deref(), Some("AsIs"));
        assert_eq!(report.pdf.as_ref().unwrap().sha256, sha256_hex(&Sample::default().pdf));
        assert!(hard_stops(&report).is_empty(), "{version:?}");
        assert!(
            warnings(&report, &order()).is_empty(),
            "{version:?}: {:?}",
            warnings(&report, &order())
        );
    }
    let [v26, v36] = both(&Sample::default());
    assert_eq!(
        (v26.form.as_deref(), v36.property_kind.as_deref()),
        (Some("FNM1004"), Some("SingleFamily"))
    );
}

#[test]
fn the_subject_is_read_from_its_place_not_from_the_first_match() {
    let sample = Sample { decoys_first: true, ..Sample::default() };
    for report in both(&sample) {
        let version = report.version;
        assert_eq!(
            report.subject.line().as_deref(),
            Some("12 Oak St, Austin, TX 78701"),
            "{version:?}: a party's or a comparable's address came first"
        );
        assert_eq!(
            (report.condition.as_deref(), report.quality.as_deref()),
            (Some("C3"), Some("Q4")),
            "{version:?}: a comparable's ratings came first"
        );
        assert!(warnings(&report, &order()).is_empty(), "{version:?}");
    }
    let [_, v36] = both(&sample);
    assert_eq!(v36.property_kind.as_deref(), Some("SingleFamily"));
}

#[test]
fn each_hard_stop_has_its_code() {
    let cases: [(Sample, &str); 6] = [
        (Sample { value: None, ..Sample::default() }, "100"),
        (Sample { value: Some("six hundred".into()), ..Sample::default() }, "100"),
        (Sample { value: Some("0".into()), ..Sample::default() }, "102"),
        (Sample { license_number: None, ..Sample::default() }, "200"),
        (Sample { supervisor: Some(("Sam Lee".into(), None)), ..Sample::default() }, "210"),
        (Sample { street: None, ..Sample::default() }, "300"),
    ];
    for (sample, code) in cases {
        for report in both(&sample) {
            assert_eq!(codes(&hard_stops(&report)), [code], "{:?}", report.version);
        }
    }
    for report in both(&Sample { appraiser_name: None, ..Sample::default() }) {
        assert_eq!(codes(&hard_stops(&report)), ["FRE4387"]);
    }
    let supervised = Sample {
        supervisor: Some(("Sam Lee".into(), Some("TX-7654321".into()))),
        ..Sample::default()
    };
    for report in both(&supervised) {
        assert_eq!(report.supervisor.as_ref().unwrap().name.as_deref(), Some("Sam Lee"));
        assert!(hard_stops(&report).is_empty());
    }
}

#[test]
fn each_warning_has_its_code() {
    let cases: [(Sample, OrderFacts, &str); 6] = [
        (Sample { condition: "C6".into(), ..Sample::default() }, order(), "FRE4645"),
        (Sample { quality: "Q6".into(), ..Sample::default() }, order(), "FRE4645"),
        (Sample { street: Some("14 Oak St".into()), ..Sample::default() }, order(), "ADDRESS"),
        (Sample { license_number: Some("TX-999".into()), ..Sample::default() }, order(), "LICENSE"),
        (
            Sample { license_expires: "2026-11-01".into(), ..Sample::default() },
            order(),
            "LICENSE_EXPIRED",
        ),
        (
            Sample { effective_date: Some("11/21/2026".into()), ..Sample::default() },
            order(),
            "EFFECTIVE_DATE",
        ),
    ];
    for (sample, facts, code) in cases {
        for report in both(&sample) {
            assert_eq!(codes(&warnings(&report, &facts)), [code], "{:?}", report.version);
        }
    }
    let other_pdf =
        OrderFacts { report_pdf_sha256: Some(sha256_hex(b"%PDF-1.7 another")), ..order() };
    let [v26, v36] = both(&Sample::default());
    assert_eq!(codes(&warnings(&v26, &other_pdf)), ["PDF_DIFFERS"]);
    assert!(
        warnings(&v36, &other_pdf).is_empty(),
        "3.6 carries the PDF beside the data, not inside it"
    );
    let not_a_pdf = read(
        &samples::uad26(&Sample { pdf: b"GIF89a".to_vec(), ..Sample::default() }),
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(codes(&warnings(&not_a_pdf, &order())), ["PDF_NOT_PDF"]);
}

fn refused(bytes: &[u8]) -> &'static str {
    read(bytes, &Limits::default()).unwrap_err().code
}

#[test]
fn hostile_and_foreign_files_are_refused_with_a_code() {
    assert_eq!(refused(&samples::billion_laughs()), "uad.dtd_forbidden");
    assert_eq!(refused(&samples::external_entity()), "uad.dtd_forbidden");
    assert_eq!(
        refused(
            b"<VALUATION_RESPONSE><REPORT AppraisalFormType=\"&undeclared;\"/>\
              </VALUATION_RESPONSE>"
        ),
        "uad.not_well_formed"
    );
    assert_eq!(refused(b"<VALUATION_RESPONSE><REPORT>"), "uad.not_well_formed");
    assert_eq!(
        refused(b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><VALUATION_RESPONSE/>"),
        "uad.not_utf8"
    );
    assert_eq!(refused(b"<VALUATION_RESPONSE _Name=\"\xE9\"/>"), "uad.not_utf8");
    assert_eq!(refused(b"<RESPONSE_GROUP/>"), "uad.unknown_version");
    assert_eq!(refused(b"%PDF-1.7"), "uad.not_well_formed");
    let small = Limits { max_xml_bytes: 1024, ..Limits::default() };
    let big = samples::uad26(&Sample { filler_bytes: 4096, ..Sample::default() });
    assert_eq!(read(&big, &small).unwrap_err().code, "uad.too_large");

    let message = samples::uad36_message(&Sample::default());
    let pdf = Sample::default().pdf;
    assert_eq!(
        refused(&samples::zip_of(&[
            ("../../etc/cron.d/x.xml", message.clone()),
            ("a.pdf", pdf.clone())
        ])),
        "uad.zip_unsafe"
    );
    assert_eq!(
        refused(&samples::zip_of(&[("/abs.xml", message.clone()), ("a.pdf", pdf.clone())])),
        "uad.zip_unsafe"
    );
    let many: Vec<(String, Vec<u8>)> = (0..51).map(|i| (format!("img{i}.jpg"), vec![0])).collect();
    let many: Vec<(&str, Vec<u8>)> = many.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    assert_eq!(refused(&samples::zip_of(&many)), "uad.zip_unsafe");
    let bomb = samples::zip_of(&[
        ("appraisal.xml", message.clone()),
        ("a.pdf", pdf.clone()),
        ("zeros.jpg", vec![0; 101 * 1024 * 1024]),
    ]);
    assert!(bomb.len() < 2 * 1024 * 1024, "the bomb is small packed");
    assert_eq!(refused(&bomb), "uad.zip_unsafe");
    let ratio_bomb = samples::zip_of(&[
        ("appraisal.xml", message.clone()),
        ("a.pdf", pdf.clone()),
        ("zeros.jpg", vec![0; 9 * 1024 * 1024]),
    ]);
    let why = read(&ratio_bomb, &Limits::default()).unwrap_err();
    assert_eq!(why.code, "uad.zip_unsafe", "9 MB from {} bytes", ratio_bomb.len());
    assert!(why.message.contains("times its own size"), "{}", why.message);
    assert_eq!(
        refused(&samples::zip_of(&[("appraisal.xml", message.clone())])),
        "uad.unknown_version",
        "no PDF"
    );
    let not_mismo = String::from_utf8(message)
        .unwrap()
        .replace("http://www.mismo.org/residential/2009/schemas", "urn:other");
    assert_eq!(
        refused(&samples::zip_of(&[("appraisal.xml", not_mismo.into_bytes()), ("a.pdf", pdf)])),
        "uad.unknown_version"
    );
}

#[test]
fn comments_and_place_names_are_kept_for_the_screening() {
    let sample = Sample {
        street: Some("12 Church St".into()),
        comments: vec!["Pride of ownership is evident.".into(), "Near shops & parks.".into()],
        ..Sample::default()
    };
    for report in both(&sample) {
        let version = report.version;
        let texts: Vec<&str> = report.texts.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, ["Pride of ownership is evident.", "Near shops & parks."], "{version:?}");
        assert!(
            report.texts.iter().all(|t| t.location.starts_with("NEIGHBORHOOD/")),
            "{version:?}"
        );
        assert!(report.place_names.iter().any(|p| p == "12 Church St"), "{version:?}");
        assert!(report.place_names.iter().any(|p| p == "Austin"), "{version:?}");
    }
}

#[test]
fn a_pdf_is_read_page_by_page_and_garbage_is_none() {
    let pdf = samples::pdf_with_text(&["Subject in a desirable neighborhood.", "(C3) condition"]);
    let pages = portal_uad::pdf_pages(&pdf).expect("the PDF's text");
    assert_eq!(pages.len(), 1);
    assert!(pages[0].contains("desirable neighborhood"), "{pages:?}");
    assert!(pages[0].contains("(C3) condition"), "{pages:?}");
    assert_eq!(portal_uad::pdf_pages(b"%PDF-1.7\n% a report\n%%EOF\n"), None);
    assert_eq!(portal_uad::pdf_pages(b"not a pdf"), None);
}

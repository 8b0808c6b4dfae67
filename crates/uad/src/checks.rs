//! The checks before delivery. Hard stops (UCDP's codes, and Freddie Mac's for the appraiser's
//! name) block Deliver; warnings need a staff acknowledgement first.

use chrono::NaiveDate;

use crate::{Address, Report};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub code: &'static str,
    pub message: String,
}

fn finding(code: &'static str, message: impl Into<String>) -> Finding {
    Finding { code, message: message.into() }
}

/// What the portal knows of the order, to compare with the file.
#[derive(Debug, Clone, Default)]
pub struct OrderFacts {
    pub address: Address,
    /// The assigned appraiser's licence on file in the order's state: number and state.
    pub license: Option<(String, String)>,
    pub inspection_date: Option<NaiveDate>,
    /// The SHA-256 of the report PDF uploaded with the data file.
    pub report_pdf_sha256: Option<String>,
}

pub fn hard_stops(report: &Report) -> Vec<Finding> {
    let mut stops = Vec::new();
    match (report.value_text.as_deref(), report.value_cents) {
        (None, _) => stops.push(finding("100", "The appraised value is missing.")),
        (Some(text), None) => {
            stops.push(finding("100", format!("The appraised value '{text}' is not an amount.")))
        }
        (Some(_), Some(cents)) if cents <= 0 => {
            stops.push(finding("102", "The appraised value must be above zero."))
        }
        _ => {}
    }
    if report.appraiser.license_number.is_none() {
        stops.push(finding("200", "The appraiser's licence number is missing."));
    }
    if let Some(supervisor) = &report.supervisor
        && supervisor.license_number.is_none()
    {
        stops.push(finding("210", "A supervisor is named but their licence number is missing."));
    }
    if report.subject.street.is_none() {
        stops.push(finding("300", "The subject property's address is missing."));
    }
    if report.appraiser.name.is_none() {
        stops.push(finding("FRE4387", "The appraiser's name is missing."));
    }
    stops
}

pub fn warnings(report: &Report, order: &OrderFacts) -> Vec<Finding> {
    let mut found = Vec::new();
    let rated_6 = |r: &Option<String>| r.as_deref().is_some_and(|r| r.trim().ends_with('6'));
    if rated_6(&report.condition) || rated_6(&report.quality) {
        found.push(finding("FRE4645", "The subject is rated C6 or Q6."));
    }
    if report.subject.street.is_some() && !same_address(&report.subject, &order.address) {
        let file = report.subject.line().unwrap_or_default();
        let ordered = order.address.line().unwrap_or_default();
        found.push(finding(
            "ADDRESS",
            format!("The report's address ({file}) differs from the order's ({ordered})."),
        ));
    }
    if let Some((number, state)) = &order.license {
        let same =
            |a: &Option<String>, b: &str| a.as_deref().is_some_and(|a| normal(a) == normal(b));
        if report.appraiser.license_number.is_some()
            && !(same(&report.appraiser.license_number, number)
                && same(&report.appraiser.license_state, state))
        {
            found.push(finding(
                "LICENSE",
                format!(
                    "The report's licence differs from the appraiser's licence on file \
                     ({number}, {state})."
                ),
            ));
        }
    }
    if let (Some(expires), Some(effective)) =
        (report.appraiser.license_expires, report.effective_date)
        && expires < effective
    {
        found.push(finding(
            "LICENSE_EXPIRED",
            "The appraiser's licence had expired on the effective date.",
        ));
    }
    if let (Some(effective), Some(inspected)) = (report.effective_date, order.inspection_date)
        && effective != inspected
    {
        found.push(finding("EFFECTIVE_DATE", "The effective date is not the inspection date."));
    }
    if report.version == crate::Version::Uad26 {
        match &report.pdf {
            Some(pdf) if !pdf.is_pdf => found
                .push(finding("PDF_NOT_PDF", "The PDF embedded in the data file is not a PDF.")),
            Some(pdf)
                if order.report_pdf_sha256.as_deref().is_some_and(|sha| sha != pdf.sha256) =>
            {
                found.push(finding(
                    "PDF_DIFFERS",
                    "The PDF embedded in the data file differs from the uploaded report.",
                ));
            }
            None => found.push(finding("PDF_NOT_PDF", "The data file embeds no PDF.")),
            _ => {}
        }
    }
    found
}

fn normal(text: &str) -> String {
    text.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_uppercase()
}

fn same_address(a: &Address, b: &Address) -> bool {
    let key = |x: &Address| {
        [&x.street, &x.city, &x.state].map(|p| normal(p.as_deref().unwrap_or_default()))
    };
    let zip5 = |x: &Address| x.zip.as_deref().map(|z| z.chars().take(5).collect::<String>());
    key(a) == key(b) && zip5(a) == zip5(b)
}

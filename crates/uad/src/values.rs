//! From the values a file holds to a [`Report`]: which names each version uses, and amounts and
//! dates written in the forms real files use ("650,000" and "610000"; "2026-02-10" and
//! "02/10/2026").

use std::collections::HashMap;

use chrono::NaiveDate;

use crate::xml::Found;
use crate::{Address, Pdf, Person, Report, Version};

/// UAD 2.6: attributes of `VALUATION_RESPONSE`'s elements; the subject's address and ratings from
/// its `PROPERTY` (and the comparable grid's sequence 0).
pub fn uad26(found: &Found) -> Report {
    let value_text = found.get("VALUATION/@PropertyAppraisedValueAmount");
    let person = |who: &str| Person {
        name: found.get(&format!("{who}/@_Name")),
        license_number: found.get(&format!("{who}/APPRAISER_LICENSE/@_Identifier")),
        license_state: found.get(&format!("{who}/APPRAISER_LICENSE/@_State")),
        license_expires: found
            .get(&format!("{who}/APPRAISER_LICENSE/@_ExpirationDate"))
            .as_deref()
            .and_then(date),
    };
    let supervisor = person("SUPERVISOR");
    Report {
        version: Version::Uad26,
        form: found.get("REPORT/@AppraisalFormType"),
        property_kind: None,
        value_cents: value_text.as_deref().and_then(cents),
        value_text,
        effective_date: found.get("VALUATION/@AppraisalEffectiveDate").as_deref().and_then(date),
        subject: Address {
            street: found.subject("PROPERTY/@_StreetAddress"),
            city: found.subject("PROPERTY/@_City"),
            state: found.subject("PROPERTY/@_State"),
            zip: found.subject("PROPERTY/@_PostalCode"),
        },
        basis: found.get("_CONDITION_OF_APPRAISAL/@_Type"),
        condition: found.subject("@GSEOverallConditionType"),
        quality: found.subject("@GSEQualityOfConstructionRatingType"),
        appraiser: person("APPRAISER"),
        supervisor: (supervisor != Person::default()).then_some(supervisor),
        pdf: found.embedded_pdf.as_deref().map(Pdf::of),
        texts: found.texts.clone(),
        place_names: found.place_names.clone(),
    }
}

/// UAD 3.6: elements of the MISMO `MESSAGE`; the subject's address and ratings from its
/// `SUBJECT_PROPERTY`; the appraiser and supervisor are the `PARTY`s whose `PartyRoleType` is
/// Appraiser and AppraiserSupervisor.
pub fn uad36(found: &Found, pdf: Pdf) -> Report {
    let value_text = found
        .get("VALUATION_RECONCILIATION/OpinionOfValueAmount")
        .or_else(|| found.get("OpinionOfValueAmount"));
    let party = |role: &str| {
        found
            .parties
            .iter()
            .find(|p| p.get("PartyRoleType").is_some_and(|r| r.eq_ignore_ascii_case(role)))
            .map(party_person)
    };
    Report {
        version: Version::Uad36,
        form: None,
        property_kind: found.subject("PropertyCategoryType"),
        value_cents: value_text.as_deref().and_then(cents),
        value_text,
        effective_date: found.get("AppraisalReportEffectiveDate").as_deref().and_then(date),
        subject: Address {
            street: found.subject("ADDRESS/AddressLineText"),
            city: found.subject("ADDRESS/CityName"),
            state: found.subject("ADDRESS/StateCode"),
            zip: found.subject("ADDRESS/PostalCode"),
        },
        basis: found.get("AppraisalValueConditionType"),
        condition: found.subject("PropertyConditionRatingType"),
        quality: found.subject("PropertyQualityRatingType"),
        appraiser: party("Appraiser").unwrap_or_default(),
        supervisor: party("AppraiserSupervisor"),
        pdf: Some(pdf),
        texts: found.texts.clone(),
        place_names: found.place_names.clone(),
    }
}

fn party_person(values: &HashMap<String, String>) -> Person {
    let get = |names: &[&str]| names.iter().find_map(|n| values.get(*n).cloned());
    let first_last = match (values.get("FirstName"), values.get("LastName")) {
        (Some(first), Some(last)) => Some(format!("{first} {last}")),
        _ => None,
    };
    Person {
        name: get(&["FullName"]).or(first_last),
        license_number: get(&["AppraiserLicenseIdentifier", "LicenseIdentifier"]),
        license_state: get(&["AppraiserLicenseStateCode", "LicenseIssuingAuthorityStateCode"]),
        license_expires: get(&["AppraiserLicenseExpirationDate", "LicenseExpirationDate"])
            .as_deref()
            .and_then(date),
    }
}

/// "650,000", "$650,000.00", "610000" -> cents; None when it is not an amount.
pub fn cents(text: &str) -> Option<i64> {
    let plain: String = text.trim().trim_start_matches('$').chars().filter(|c| *c != ',').collect();
    let (whole, fraction) = plain.split_once('.').unwrap_or((&plain, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    let negative = whole.starts_with('-');
    let whole = whole.trim_start_matches('-');
    if whole.is_empty()
        || !digits(whole)
        || !digits(fraction)
        || fraction.len() > 2
        || whole.len() > 13
    {
        return None;
    }
    let cents = whole.parse::<i64>().ok()? * 100 + format!("{fraction:0<2}").parse::<i64>().ok()?;
    Some(if negative { -cents } else { cents })
}

/// "2026-02-10", "2026-02-10T00:00:00" or "02/10/2026".
pub fn date(text: &str) -> Option<NaiveDate> {
    let text = text.trim();
    NaiveDate::parse_from_str(text.get(..10).unwrap_or(text), "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(text, "%m/%d/%Y"))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_and_dates_as_real_files_write_them() {
        assert_eq!(cents("650,000"), Some(65_000_000));
        assert_eq!(cents("610000"), Some(61_000_000));
        assert_eq!(cents("$425,500.50"), Some(42_550_050));
        assert_eq!(cents("0"), Some(0));
        assert_eq!(cents("-5"), Some(-500));
        for bad in ["", "abc", "6.5.0", "1.234", "12a"] {
            assert_eq!(cents(bad), None, "{bad}");
        }
        let day = NaiveDate::from_ymd_opt(2026, 2, 10);
        assert_eq!(date("2026-02-10"), day);
        assert_eq!(date("02/10/2026"), day);
        assert_eq!(date("2026-02-10T00:00:00Z"), day);
        assert_eq!(date("10 Feb"), None);
    }
}

//! What a reconsideration asks: its basis, the deficiencies and at most five alternative
//! comparables, as the lender's or the borrower's form sends them, checked field by field.
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::fields::{self, named};
use crate::platform::http::error::AppResult;

/// The grounds a request may give.
pub const BASES: [&str; 4] =
    ["unsupported", "unacceptable_practice", "discrimination", "factual_error"];
/// Alternative comparables one request may offer (Fannie Mae and Freddie Mac).
pub const MAX_COMPARABLES: usize = 5;
pub const MAX_DEFICIENCIES: usize = 20;
pub const MAX_TEXT: usize = 4000;
const MAX_SHORT: usize = 300;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeficiencyInput {
    /// What is wrong in the report.
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 4000,
        pattern = "\\S"
    )]
    pub text: Option<String>,
    /// The report's page or field it is about.
    #[schema(max_length = 300)]
    pub report_field: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComparableInput {
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 300,
        pattern = "\\S"
    )]
    pub address: Option<String>,
    #[schema(required = true, value_type = i64, minimum = 1)]
    pub sale_price_cents: Option<i64>,
    /// YYYY-MM-DD.
    #[schema(required = true, value_type = String, format = Date)]
    pub sale_date: Option<String>,
    /// Where the sale is recorded (an MLS number, a deed record).
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 300,
        pattern = "\\S"
    )]
    pub data_source: Option<String>,
    /// Why it is a better comparable.
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 4000,
        pattern = "\\S"
    )]
    pub rationale: Option<String>,
}

/// A request for reconsideration of value. The borrower's name, the property, the report's
/// effective date, the appraiser's name and the request date are filled in by the portal.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReconsiderationBody {
    /// One or more of `unsupported`, `unacceptable_practice`, `discrimination`, `factual_error`.
    #[schema(required = true, value_type = Vec<String>, min_items = 1, max_items = 4)]
    pub basis: Option<Vec<String>>,
    #[schema(required = true, value_type = Vec<DeficiencyInput>, min_items = 1, max_items = 20)]
    pub deficiencies: Option<Vec<DeficiencyInput>>,
    #[schema(max_items = 5)]
    pub comparables: Option<Vec<ComparableInput>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Deficiency {
    pub text: String,
    pub report_field: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Comparable {
    pub address: String,
    /// Whole cents, as the request gave them.
    pub sale_price_cents: i64,
    pub sale_date: NaiveDate,
    pub data_source: String,
    pub rationale: String,
}

/// A request, checked.
#[derive(Debug, Clone)]
pub struct Checked {
    pub basis: Vec<String>,
    pub deficiencies: Vec<Deficiency>,
    pub comparables: Vec<Comparable>,
}

/// Checks a request: 422 naming the field (`comparables[5]`, `comparables[0].dataSource`).
pub fn check(body: &ReconsiderationBody) -> AppResult<Checked> {
    let basis = body.basis.clone().unwrap_or_default();
    if basis.is_empty() {
        return Err(named("basis", "Basis").refuse("Choose the basis of the request.".into()));
    }
    if let Some(unknown) = basis.iter().find(|b| !BASES.contains(&b.as_str())) {
        return Err(named("basis", "Basis").refuse(format!(
            "{unknown} is not a basis: \
             use unsupported, unacceptable_practice, discrimination or factual_error."
        )));
    }
    let mut unique = basis.clone();
    unique.sort();
    unique.dedup();
    let deficiencies = body.deficiencies.as_deref().unwrap_or_default();
    if deficiencies.is_empty() {
        return Err(named("deficiencies", "Deficiencies")
            .refuse("Describe at least one deficiency of the report.".into()));
    }
    if deficiencies.len() > MAX_DEFICIENCIES {
        return Err(named("deficiencies", "Deficiencies")
            .refuse(format!("A request can list at most {MAX_DEFICIENCIES} deficiencies.")));
    }
    let comparables = body.comparables.as_deref().unwrap_or_default();
    if comparables.len() > MAX_COMPARABLES {
        let name = format!("comparables[{MAX_COMPARABLES}]");
        return Err(named(&name, "Comparables").refuse(format!(
            "A request can offer at most {MAX_COMPARABLES} alternative comparables."
        )));
    }
    Ok(Checked {
        basis: unique,
        deficiencies: deficiencies
            .iter()
            .enumerate()
            .map(|(i, d)| deficiency(i, d))
            .collect::<AppResult<_>>()?,
        comparables: comparables
            .iter()
            .enumerate()
            .map(|(i, c)| comparable(i, c))
            .collect::<AppResult<_>>()?,
    })
}

fn deficiency(i: usize, d: &DeficiencyInput) -> AppResult<Deficiency> {
    let label = format!("Deficiency {}", i + 1);
    let name = format!("deficiencies[{i}].text");
    let field_name = format!("deficiencies[{i}].reportField");
    Ok(Deficiency {
        text: fields::required(named(&name, &label), d.text.as_deref(), MAX_TEXT)?,
        report_field: fields::optional(
            named(&field_name, "Report field"),
            d.report_field.as_deref(),
            MAX_SHORT,
        )?,
    })
}

fn comparable(i: usize, c: &ComparableInput) -> AppResult<Comparable> {
    let name = |field: &str| format!("comparables[{i}].{field}");
    let label = |what: &str| format!("Comparable {}: {what}", i + 1);
    let (address, source, rationale, price, date) = (
        name("address"),
        name("dataSource"),
        name("rationale"),
        name("salePriceCents"),
        name("saleDate"),
    );
    let (address_label, source_label, rationale_label, price_label, date_label) = (
        label("address"),
        label("data source"),
        label("rationale"),
        label("sale price"),
        label("sale date"),
    );
    let sale_price = match c.sale_price_cents {
        Some(cents) if cents > 0 => cents,
        _ => {
            return Err(named(&price, &price_label)
                .refuse(format!("{price_label} is required and must be more than zero.")));
        }
    };
    Ok(Comparable {
        address: fields::required(
            named(&address, &address_label),
            c.address.as_deref(),
            MAX_SHORT,
        )?,
        sale_price_cents: sale_price,
        sale_date: fields::required_date(named(&date, &date_label), c.sale_date.as_deref())?,
        data_source: fields::required(
            named(&source, &source_label),
            c.data_source.as_deref(),
            MAX_SHORT,
        )?,
        rationale: fields::required(
            named(&rationale, &rationale_label),
            c.rationale.as_deref(),
            MAX_TEXT,
        )?,
    })
}

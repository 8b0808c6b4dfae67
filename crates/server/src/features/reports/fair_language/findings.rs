//! Findings of each report version: screened when a report PDF or data file is uploaded, kept with
//! the versions of the rule and rule set that found them, and disposed of by staff
//! (`PUT /api/staff/orders/{id}/fair-language/{findingId}`). Delivery waits while a `block`
//! finding stands or a `warn` has no disposition. The report itself is never altered.
use chrono::{DateTime, Utc};
use portal_db::entities::{fair_language_finding, fair_language_rule, order, stored_file};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, QueryFilter, QueryOrder,
    Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use bytes::Bytes;

use super::rules;
use super::screen::{self, Hit, Passage};
use crate::features::reports::DATA_FILE_TYPE_ID;
use crate::features::reports::data::{self, REPORT_FILE_TYPES};
use crate::kernel::orders::visibility::find_visible_order;
use crate::platform::audit::{self, AuditEntry};
use crate::platform::call::{CallOn, OrderId};
use crate::platform::fields::{self, named};
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::state::AppState;
use crate::platform::storage::StoredObject;

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(dispose_fair_language_finding))
}

/// How staff closed a finding.
pub const DISPOSITIONS: [&str; 3] = ["factual", "proper_noun", "removed_by_appraiser"];
/// Longest disposition note.
pub const MAX_NOTE: usize = 2000;

/// What a rule found in a report version.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FairLanguageFinding {
    /// None for a pre-check, which stores nothing.
    pub id: Option<i64>,
    pub rule_id: String,
    /// What the rule looks for, in words.
    pub label: String,
    /// `block`, `warn` or `info`.
    pub severity: String,
    /// The words found, with some context.
    pub excerpt: String,
    /// Where: the data file's field, or the report PDF's page.
    pub location: String,
    /// Where the rule comes from (an address).
    pub source: String,
    pub rule_version: i32,
    /// The rule set's version at the screening.
    pub lexicon_version: i32,
    /// The report version (stored file) it was found in.
    pub file_id: Option<i64>,
    /// `factual`, `proper_noun` or `removed_by_appraiser`.
    pub disposition: Option<String>,
    pub disposition_note: Option<String>,
    pub disposed_by: Option<String>,
    pub disposed_at: Option<DateTime<Utc>>,
}

/// The texts of a report version to screen.
pub enum Screened<'a> {
    DataFile(&'a portal_uad::Report),
    Pdf(Bytes),
}

/// The rule id of the finding that says a report PDF was too large to read.
pub const NOT_SCREENED: &str = "pdf_not_screened";

/// The street and place names a screening treats as names: the order's and the data file's.
pub async fn places_of(
    state: &AppState,
    o: Option<&order::Model>,
    data_file: Option<&portal_uad::Report>,
) -> AppResult<Vec<String>> {
    let mut places = Vec::new();
    if let Some(o) = o {
        places.push(o.property_address_line1.clone());
        places.push(o.property_city.clone());
        if data_file.is_none()
            && let Some(kept) =
                data::latest_report(&state.db, &state.storage, &state.config, o).await?
        {
            places.extend(kept.place_names);
        }
    }
    if let Some(report) = data_file {
        places.extend(report.place_names.iter().cloned());
    }
    Ok(places)
}

/// What a screening of one report version found.
pub struct Screening {
    /// The rule set's version.
    pub lexicon_version: i32,
    pub hits: Vec<Hit>,
    /// Some text was read (a PDF of scanned pages has none).
    pub text_read: bool,
}

/// Runs the active rules over a report version.
pub async fn screen_version(
    db: &impl ConnectionTrait,
    what: Screened<'_>,
    places: &[String],
) -> AppResult<Screening> {
    let (lexicon_version, rules) = rules::active(db).await?;
    let pages: Vec<(String, String)> = match what {
        Screened::DataFile(report) => report
            .texts
            .iter()
            .map(|t| (format!("Data file: {}", t.location), t.text.clone()))
            .collect(),
        Screened::Pdf(bytes) => {
            let pages = tokio::task::spawn_blocking(move || portal_uad::pdf_pages(&bytes))
                .await
                .map_err(|e| AppError::Internal(e.to_string()))?
                .unwrap_or_default();
            pages
                .into_iter()
                .enumerate()
                .map(|(i, text)| (format!("Report PDF: page {}", i + 1), text))
                .collect()
        }
    };
    let text_read = pages.iter().any(|(_, text)| !text.trim().is_empty());
    let passages: Vec<Passage> =
        pages.iter().map(|(location, text)| Passage { location: location.clone(), text }).collect();
    let hits = screen::screen(&rules, &passages, places);
    Ok(Screening { lexicon_version, hits, text_read })
}

/// Screens a stored report PDF. One larger than the configured size is not read (its text would
/// cost its size in memory twice over): an `info` finding says so, and the data file's comments are
/// screened all the same.
pub async fn screen_pdf(
    state: &AppState,
    pdf: &StoredObject,
    places: &[String],
) -> AppResult<Screening> {
    let limit = state.config.max_screened_pdf_bytes;
    if pdf.size > limit {
        let mb = |bytes: u64| bytes.div_ceil(1024 * 1024);
        let hit = Hit {
            rule_id: NOT_SCREENED.into(),
            rule_version: 1,
            severity: "info".into(),
            excerpt: format!(
                "The report PDF is {} MB, over the {} MB the screening reads: \
                 its text was not screened.",
                mb(pdf.size),
                mb(limit)
            ),
            location: "Report PDF".into(),
        };
        let lexicon_version = rules::version(&state.db).await?;
        return Ok(Screening { lexicon_version, hits: vec![hit], text_read: false });
    }
    let bytes = state.storage.read_all(&pdf.key).await?;
    screen_version(&state.db, Screened::Pdf(bytes), places).await
}

/// Keeps a report version's findings.
pub async fn record(
    db: &impl ConnectionTrait,
    order_id: i64,
    file_id: i64,
    screening: &Screening,
) -> AppResult<()> {
    let now = Utc::now();
    for hit in &screening.hits {
        fair_language_finding::ActiveModel {
            id: NotSet,
            order_id: Set(order_id),
            file_id: Set(file_id),
            rule_id: Set(hit.rule_id.clone()),
            rule_version: Set(hit.rule_version),
            lexicon_version: Set(screening.lexicon_version),
            severity: Set(hit.severity.clone()),
            excerpt: Set(hit.excerpt.chars().take(400).collect()),
            location: Set(hit.location.chars().take(300).collect()),
            created_at: Set(now),
            disposition: Set(None),
            disposition_note: Set(None),
            disposed_by: Set(None),
            disposed_at: Set(None),
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// The report versions that count: the latest report PDF and the latest data file.
async fn current_files(db: &impl ConnectionTrait, order_id: i64) -> AppResult<Vec<i64>> {
    let pdf = data::latest_file(db, order_id, &REPORT_FILE_TYPES).await?;
    let data_file = data::latest_file(db, order_id, &[DATA_FILE_TYPE_ID]).await?;
    Ok([pdf, data_file].into_iter().flatten().map(|f: stored_file::Model| f.id).collect())
}

/// The findings of the order's current report versions, most serious first.
pub async fn current(
    db: &impl ConnectionTrait,
    order_id: i64,
) -> AppResult<Vec<FairLanguageFinding>> {
    let files = current_files(db, order_id).await?;
    let found = fair_language_finding::Entity::find()
        .filter(fair_language_finding::Column::OrderId.eq(order_id))
        .filter(fair_language_finding::Column::FileId.is_in(files))
        .order_by_asc(fair_language_finding::Column::Id)
        .all(db)
        .await?;
    let rules = rules::all(db).await?;
    let people = found.iter().filter_map(|f| f.disposed_by).collect();
    let names = crate::platform::names::full_names(db, people).await?;
    let mut views: Vec<FairLanguageFinding> = found
        .into_iter()
        .map(|f| {
            let hit = Hit {
                rule_id: f.rule_id,
                rule_version: f.rule_version,
                severity: f.severity,
                excerpt: f.excerpt,
                location: f.location,
            };
            FairLanguageFinding {
                id: Some(f.id),
                file_id: Some(f.file_id),
                disposition: f.disposition,
                disposition_note: f.disposition_note,
                disposed_by: f.disposed_by.map(|id| names.of(id)),
                disposed_at: f.disposed_at,
                ..described(&rules, hit, f.lexicon_version)
            }
        })
        .collect();
    views.sort_by_key(|f| screen::SEVERITIES.iter().position(|s| *s == f.severity));
    Ok(views)
}

/// Hits as a pre-check shows them (nothing stored).
pub async fn unstored(
    db: &impl ConnectionTrait,
    screening: Screening,
) -> AppResult<Vec<FairLanguageFinding>> {
    let rules = rules::all(db).await?;
    let version = screening.lexicon_version;
    Ok(screening.hits.into_iter().map(|hit| described(&rules, hit, version)).collect())
}

/// A hit with its rule's words and source, not (yet) kept.
fn described(
    rules: &[fair_language_rule::Model],
    hit: Hit,
    lexicon_version: i32,
) -> FairLanguageFinding {
    let rule = rules.iter().find(|r| r.id == hit.rule_id);
    let unread = || if hit.rule_id == NOT_SCREENED { "Report PDF not screened" } else { "" };
    FairLanguageFinding {
        id: None,
        label: rule.map_or_else(|| unread().to_string(), |r| r.label.clone()),
        source: rule.map(|r| r.source.clone()).unwrap_or_default(),
        rule_id: hit.rule_id,
        severity: hit.severity,
        excerpt: hit.excerpt,
        location: hit.location,
        rule_version: hit.rule_version,
        lexicon_version,
        file_id: None,
        disposition: None,
        disposition_note: None,
        disposed_by: None,
        disposed_at: None,
    }
}

/// A finding that stands in the way of delivery: a `block` not found to be a proper noun, or a
/// `warn` without a disposition.
fn holds_delivery(f: &FairLanguageFinding) -> bool {
    match f.severity.as_str() {
        "block" => f.disposition.as_deref() != Some("proper_noun"),
        "warn" => f.disposition.is_none(),
        _ => false,
    }
}

/// Refuses delivery (409, the body listing them under `fairLanguage`) while findings hold it.
pub async fn ensure_clear(db: &impl ConnectionTrait, order_id: i64) -> AppResult<()> {
    let holding: Vec<FairLanguageFinding> =
        current(db, order_id).await?.into_iter().filter(holds_delivery).collect();
    if holding.is_empty() {
        return Ok(());
    }
    let blocks = holding.iter().filter(|f| f.severity == "block").count();
    let message = if blocks > 0 {
        format!(
            "The report has {blocks} fair-language finding(s) that block delivery: \
             a revised report is needed."
        )
    } else {
        format!("Review the report's {} fair-language warning(s) first.", holding.len())
    };
    Err(AppError::Blocked { message, key: "fairLanguage", items: serde_json::json!(holding) })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DispositionBody {
    /// `factual`, `proper_noun` or `removed_by_appraiser`.
    #[schema(pattern = "^(factual|proper_noun|removed_by_appraiser)$")]
    pub disposition: String,
    #[schema(min_length = 1, max_length = 2000, pattern = "\\S")]
    pub note: String,
}

/// Staff dispose of a finding of the order's current report (who, when and the note are kept and
/// audited). A `block` finding clears only as a proper noun; otherwise the appraiser revises.
#[utoipa::path(put, path = "/api/staff/orders/{id}/fair-language/{findingId}", tag = "reports",
    request_body = DispositionBody,
    params(OrderId, ("findingId" = i64, Path, description = "Finding id")),
    responses((status = 200, body = Vec<FairLanguageFinding>),
        (status = 404, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn dispose_fair_language_finding(
    CallOn { state, caller, id: (order_id, finding_id) }: CallOn<(i64, i64)>,
    Json(body): Json<DispositionBody>,
) -> AppResult<axum::Json<Vec<FairLanguageFinding>>> {
    if !DISPOSITIONS.contains(&body.disposition.as_str()) {
        return Err(named("disposition", "Disposition")
            .refuse("Disposition is factual, proper_noun or removed_by_appraiser.".into()));
    }
    let note = fields::required(named("note", "Note"), Some(&body.note), MAX_NOTE)?;
    find_visible_order(&state.db, &caller, order_id).await?;
    let txn = portal_db::begin_write(&state.db).await?;
    let finding = fair_language_finding::Entity::find_by_id(finding_id)
        .filter(fair_language_finding::Column::OrderId.eq(order_id))
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::NotFound("There is no such finding on this order.".into()))?;
    if finding.severity == "block" && body.disposition != "proper_noun" {
        return Err(named("disposition", "Disposition").refuse(
            "A blocking finding clears only as a proper noun; \
             otherwise the appraiser revises the report."
                .into(),
        ));
    }
    let detail = format!(
        "order {order_id}, finding {finding_id} ({}): {}: {note}",
        finding.rule_id, body.disposition
    );
    let mut row: fair_language_finding::ActiveModel = finding.into();
    row.disposition = Set(Some(body.disposition.clone()));
    row.disposition_note = Set(Some(note));
    row.disposed_by = Set(Some(caller.id()));
    row.disposed_at = Set(Some(Utc::now()));
    row.update(&txn).await?;
    let entry = AuditEntry {
        action: "fair_language.disposition",
        actor: Some(caller.id()),
        subject: None,
        detail: Some(detail),
        ip: None,
    };
    audit::record(&txn, entry).await?;
    txn.commit().await?;
    Ok(axum::Json(current(&state.db, order_id).await?))
}

//! The examiner's file of one case: `GET /api/staff/reconsiderations/{rid}/export?format=json|pdf`:
//! the request, the disclosures shown, every step with who and when, the messages on the order, and
//! every report version with the SHA-256 of its file.
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use portal_db::entities::{client_message, order, rov_disclosure_view, stored_file};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::cases;
use super::request::{Comparable, Deficiency};
use super::view::{self, Audience, Reconsideration};
use crate::features::billing::printing::{issuer, pdf_response};
use crate::features::reports::DATA_FILE_TYPE_ID;
use crate::features::reports::data::REPORT_FILE_TYPES;
use crate::platform::call::CallOn;
use crate::platform::fields::named;
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Query;
use crate::platform::names::full_names;
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// `json` (the default) or `pdf`.
    pub format: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DisclosureShown {
    pub version: i32,
    pub shown_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedMessage {
    pub at: DateTime<Utc>,
    pub from: String,
    pub from_client: bool,
    pub text: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportVersion {
    pub file_id: i64,
    pub file_name: String,
    /// `report` or `data_file`.
    pub kind: String,
    pub uploaded_at: DateTime<Utc>,
    pub uploaded_by: Option<String>,
    pub sha256: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExaminerFile {
    pub reconsideration: Reconsideration,
    pub disclosures_shown: Vec<DisclosureShown>,
    pub messages: Vec<ExportedMessage>,
    pub report_versions: Vec<ReportVersion>,
    pub exported_at: DateTime<Utc>,
}

async fn examiner_file(state: &AppState, id: i64) -> AppResult<ExaminerFile> {
    let case = cases::find(&state.db, id).await?;
    let o = order::Entity::find_by_id(case.order_id)
        .one(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound("There is no such order.".into()))?;
    let disclosures_shown = rov_disclosure_view::Entity::find()
        .filter(rov_disclosure_view::Column::OrderId.eq(o.id))
        .order_by_asc(rov_disclosure_view::Column::Id)
        .all(&state.db)
        .await?
        .into_iter()
        .map(|v| DisclosureShown { version: v.version, shown_at: v.shown_at })
        .collect();
    let messages = client_message::Entity::find()
        .filter(client_message::Column::OrderId.eq(o.id))
        .order_by_asc(client_message::Column::Id)
        .all(&state.db)
        .await?
        .into_iter()
        .map(|m| ExportedMessage {
            at: m.created_at,
            from: m.from_name,
            from_client: m.from_client,
            text: m.body,
        })
        .collect();
    Ok(ExaminerFile {
        report_versions: report_versions(&state.db, o.id).await?,
        reconsideration: view::view(&state.db, case, &o, Audience::Staff, &state.config).await?,
        disclosures_shown,
        messages,
        exported_at: Utc::now(),
    })
}

async fn report_versions(
    db: &impl ConnectionTrait,
    order_id: i64,
) -> AppResult<Vec<ReportVersion>> {
    let types: Vec<i32> = REPORT_FILE_TYPES.into_iter().chain([DATA_FILE_TYPE_ID]).collect();
    let files = stored_file::Entity::find()
        .filter(stored_file::Column::OrderId.eq(order_id))
        .filter(stored_file::Column::FileTypeId.is_in(types))
        .order_by_asc(stored_file::Column::Id)
        .all(db)
        .await?;
    let names = full_names(db, files.iter().filter_map(|f| f.uploaded_by).collect()).await?;
    Ok(files
        .into_iter()
        .map(|f| ReportVersion {
            file_id: f.id,
            kind: if f.file_type_id == Some(DATA_FILE_TYPE_ID) { "data_file" } else { "report" }
                .into(),
            file_name: f.file_name,
            uploaded_at: f.uploaded_at,
            uploaded_by: f.uploaded_by.map(|id| names.of(id)),
            sha256: f.sha256,
        })
        .collect())
}

/// The examiner's file of the case, as JSON or as a PDF.
#[utoipa::path(get, path = "/api/staff/reconsiderations/{rid}/export", tag = "staff",
    params(("rid" = i64, Path, description = "Reconsideration id"), ExportQuery),
    responses((status = 200, description = "The examiner's file: JSON, or a PDF with format=pdf",
            content((ExaminerFile = "application/json"), ("application/pdf"))),
        (status = 422, body = MessageResponse), ReadAnswers))]
pub async fn export_reconsideration(
    CallOn { state, id, .. }: CallOn<i64>,
    Query(query): Query<ExportQuery>,
) -> AppResult<Response> {
    let file = examiner_file(&state, id).await?;
    match query.format.as_deref().unwrap_or("json") {
        "json" => Ok(axum::Json(file).into_response()),
        "pdf" => pdf_response(printable(&state, &file), format!("reconsideration-{id}.pdf")).await,
        _ => Err(named("format", "Format").refuse("Format is json or pdf.".into())),
    }
}

fn printable(state: &AppState, file: &ExaminerFile) -> portal_pdf::PrintableLedger {
    let r = &file.reconsideration;
    let date = |d: Option<chrono::NaiveDate>| {
        d.map_or("-".to_string(), |d| d.format("%m/%d/%Y").to_string())
    };
    let at = |t: DateTime<Utc>| t.format("%m/%d/%Y %H:%M UTC").to_string();
    let mut rows: Vec<Vec<String>> = r
        .steps
        .iter()
        .map(|s| {
            vec![at(s.at), s.step.clone(), s.actor.clone(), s.note.clone().unwrap_or_default()]
        })
        .collect();
    rows.extend(file.disclosures_shown.iter().map(|d| {
        vec![
            at(d.shown_at),
            "disclosure shown".into(),
            "borrower".into(),
            format!("version {}", d.version),
        ]
    }));
    rows.extend(
        file.messages
            .iter()
            .map(|m| vec![at(m.at), "message".into(), m.from.clone(), m.text.clone()]),
    );
    rows.extend(file.report_versions.iter().map(|v| {
        vec![
            at(v.uploaded_at),
            v.kind.clone(),
            v.uploaded_by.clone().unwrap_or_default(),
            format!("{} SHA-256 {}", v.file_name, v.sha256),
        ]
    }));
    rows.sort_by(|a, b| a[0].cmp(&b[0]));
    let deficiencies = r.deficiencies.iter().enumerate().map(|(i, d): (usize, &Deficiency)| {
        format!(
            "Deficiency {}: {}{}",
            i + 1,
            d.text,
            d.report_field.as_ref().map(|f| format!(" ({f})")).unwrap_or_default()
        )
    });
    let comparables = r.comparables.iter().enumerate().map(|(i, c): (usize, &Comparable)| {
        format!(
            "Comparable {}: {}, ${:.2} on {}, source {}: {}",
            i + 1,
            c.address,
            c.sale_price_cents as f64 / 100.0,
            c.sale_date.format("%m/%d/%Y"),
            c.data_source,
            c.rationale
        )
    });
    let commentary = r.commentary.iter().enumerate().map(|(i, c)| format!("Answer {}: {c}", i + 1));
    portal_pdf::PrintableLedger {
        heading: "Reconsideration of Value".into(),
        number: format!("ROV-{}", r.id),
        issuer: issuer(&state.config),
        party_label: "Order".into(),
        party: vec![
            r.file_number.clone(),
            r.property_address.clone(),
            format!("Borrower: {}", r.borrower_name),
        ],
        facts: vec![
            ("Requested".into(), date(Some(r.request_date))),
            ("Initiated by".into(), r.initiated_by.clone()),
            ("Basis".into(), r.basis.join(", ")),
            ("Effective date".into(), date(r.effective_date)),
            ("Appraiser".into(), r.appraiser_name.clone().unwrap_or_default()),
            ("Due".into(), date(Some(r.due_date))),
            ("Status".into(), r.status.clone()),
            ("Outcome".into(), r.outcome.clone().unwrap_or_else(|| "-".into())),
        ],
        columns: vec!["When".into(), "Step".into(), "Who".into(), "Detail".into()],
        rows,
        totals: Vec::new(),
        note: deficiencies.chain(comparables).chain(commentary).collect::<Vec<_>>().join("\n"),
    }
}

//! An order's data file and what it says, checked against the order.
use chrono::{DateTime, NaiveDate, Utc};
use portal_db::entities::{
    appraiser_license, appraiser_profile, order, order_detail, report_acknowledgement, report_type,
    report_value, stored_file,
};
use portal_uad::{Address, Finding, Limits, OrderFacts, Report};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::DATA_FILE_TYPE_ID;
use super::fair_language::FairLanguageFinding;
use crate::platform::config::Config;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::money::Cents;
use crate::platform::state::AppState;
use crate::platform::storage::Storage;

/// The report file types (appraisal report, revised report): the PDF a data file goes with.
pub const REPORT_FILE_TYPES: [i32; 2] = [1, 2];

fn limits(config: &Config) -> Limits {
    Limits { max_xml_bytes: config.max_data_file_xml_bytes, ..Limits::default() }
}

/// Keeps what an uploaded data file says beside it, so it is not read again.
pub async fn keep(db: &impl ConnectionTrait, file_id: i64, report: &Report) -> AppResult<()> {
    let json = serde_json::to_string(report).map_err(|e| AppError::Internal(e.to_string()))?;
    report_value::ActiveModel { file_id: Set(file_id), report: Set(json) }.insert(db).await?;
    Ok(())
}

/// What the data file says: as kept at upload, or read from the file (uploaded before the portal
/// kept it).
async fn kept_or_read(
    db: &impl ConnectionTrait,
    storage: &Storage,
    config: &Config,
    file: &stored_file::Model,
) -> AppResult<Report> {
    let kept = report_value::Entity::find_by_id(file.id).one(db).await?;
    if let Some(report) = kept.and_then(|k| serde_json::from_str(&k.report).ok()) {
        return Ok(report);
    }
    let bytes = storage.read_all(&file.storage_key).await?;
    read(config, &bytes)
}

/// Reads a data file, refusing one that is not a UAD file the portal can read (422 with its code).
pub fn read(config: &Config, bytes: &[u8]) -> AppResult<Report> {
    portal_uad::read(bytes, &limits(config))
        .map_err(|r| AppError::InvalidCoded { code: r.code, message: r.message })
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Check {
    pub code: String,
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Warning {
    pub code: String,
    pub message: String,
    pub acknowledged_by: Option<String>,
    pub acknowledged_at: Option<DateTime<Utc>>,
}

/// What an order's latest data file says, with its hard stops and warnings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportData {
    /// "2.6" or "3.6".
    pub version: String,
    pub file_id: i64,
    pub file_name: String,
    /// SHA-256 of the data file as uploaded.
    pub sha256: String,
    pub appraised_value: Option<Cents>,
    /// The value as the file writes it.
    pub appraised_value_text: Option<String>,
    pub effective_date: Option<NaiveDate>,
    pub subject_address: Option<String>,
    /// As is, or subject to repairs, completion or inspection.
    pub basis: Option<String>,
    pub condition_rating: Option<String>,
    pub quality_rating: Option<String>,
    pub appraiser_name: Option<String>,
    pub license_number: Option<String>,
    pub license_state: Option<String>,
    pub license_expires: Option<NaiveDate>,
    pub supervisor_name: Option<String>,
    pub supervisor_license_number: Option<String>,
    /// The form of a 2.6 report (FNM1004...).
    pub form: Option<String>,
    /// The kind of property of a 3.6 report.
    pub property_kind: Option<String>,
    pub hard_stops: Vec<Check>,
    pub warnings: Vec<Warning>,
    /// The fair-language findings of the current report PDF and data file.
    pub fair_language: Vec<FairLanguageFinding>,
}

impl ReportData {
    pub fn unacknowledged(&self) -> Vec<&Warning> {
        self.warnings.iter().filter(|w| w.acknowledged_at.is_none()).collect()
    }
}

pub async fn latest_file(
    db: &impl ConnectionTrait,
    order_id: i64,
    types: &[i32],
) -> AppResult<Option<stored_file::Model>> {
    Ok(stored_file::Entity::find()
        .filter(stored_file::Column::OrderId.eq(order_id))
        .filter(stored_file::Column::FileTypeId.is_in(types.iter().copied()))
        .order_by_desc(stored_file::Column::Id)
        .one(db)
        .await?)
}

/// The order's latest data file, read and checked; None when none was uploaded.
pub async fn of_order(state: &AppState, o: &order::Model) -> AppResult<Option<ReportData>> {
    let Some(file) = latest_file(&state.db, o.id, &[DATA_FILE_TYPE_ID]).await? else {
        return Ok(None);
    };
    let report = kept_or_read(&state.db, &state.storage, &state.config, &file).await?;
    let facts = facts(state, o).await?;
    let acknowledged = report_acknowledgement::Entity::find()
        .filter(report_acknowledgement::Column::FileId.eq(file.id))
        .all(&state.db)
        .await?;
    let people = acknowledged.iter().map(|a| a.user_id).collect();
    let names = crate::platform::names::full_names(&state.db, people).await?;
    let warnings = portal_uad::warnings(&report, &facts)
        .into_iter()
        .map(|f| {
            let ack = acknowledged.iter().find(|a| a.code == f.code);
            Warning {
                code: f.code.into(),
                message: f.message,
                acknowledged_by: ack.map(|a| names.of(a.user_id)),
                acknowledged_at: ack.map(|a| a.acknowledged_at),
            }
        })
        .collect();
    let mut data = view(file, &report, portal_uad::hard_stops(&report), warnings);
    data.fair_language = super::fair_language::current(&state.db, o.id).await?;
    Ok(Some(data))
}

/// What the order's latest data file says, as kept; None when none was uploaded.
pub async fn latest_report(
    db: &impl ConnectionTrait,
    storage: &Storage,
    config: &Config,
    o: &order::Model,
) -> AppResult<Option<Report>> {
    match latest_file(db, o.id, &[DATA_FILE_TYPE_ID]).await? {
        Some(file) => Ok(Some(kept_or_read(db, storage, config, &file).await?)),
        None => Ok(None),
    }
}

fn view(
    file: stored_file::Model,
    r: &Report,
    stops: Vec<Finding>,
    warnings: Vec<Warning>,
) -> ReportData {
    let supervisor = r.supervisor.as_ref();
    ReportData {
        version: r.version.as_str().into(),
        file_id: file.id,
        file_name: file.file_name,
        sha256: file.sha256,
        appraised_value: r.value_cents.map(Cents),
        appraised_value_text: r.value_text.clone(),
        effective_date: r.effective_date,
        subject_address: r.subject.line(),
        basis: r.basis.clone(),
        condition_rating: r.condition.clone(),
        quality_rating: r.quality.clone(),
        appraiser_name: r.appraiser.name.clone(),
        license_number: r.appraiser.license_number.clone(),
        license_state: r.appraiser.license_state.clone(),
        license_expires: r.appraiser.license_expires,
        supervisor_name: supervisor.and_then(|s| s.name.clone()),
        supervisor_license_number: supervisor.and_then(|s| s.license_number.clone()),
        form: r.form.clone(),
        property_kind: r.property_kind.clone(),
        hard_stops: stops
            .into_iter()
            .map(|f| Check { code: f.code.into(), message: f.message })
            .collect(),
        warnings,
        fair_language: Vec::new(),
    }
}

/// What the portal knows of the order to compare with its data file.
async fn facts(state: &AppState, o: &order::Model) -> AppResult<OrderFacts> {
    let zone = state.config.time_zone().map_err(AppError::Internal)?;
    let report_pdf = latest_file(&state.db, o.id, &REPORT_FILE_TYPES).await?;
    Ok(OrderFacts {
        address: Address {
            street: Some(o.property_address_line1.clone()),
            city: Some(o.property_city.clone()),
            state: Some(o.property_state_code.clone()),
            zip: Some(o.property_zip.clone()),
        },
        license: license_on_file(&state.db, o).await?,
        inspection_date: o.inspection_actual_date.map(|at| at.with_timezone(&zone).date_naive()),
        report_pdf_sha256: report_pdf.map(|f| f.sha256),
    })
}

/// The assigned appraiser's licence in the order's state: number and state.
async fn license_on_file(
    db: &impl ConnectionTrait,
    o: &order::Model,
) -> AppResult<Option<(String, String)>> {
    let Some(appraiser) = o.assigned_appraiser_id else { return Ok(None) };
    let Some(profile) = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.eq(appraiser))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    Ok(appraiser_license::Entity::find()
        .filter(appraiser_license::Column::AppraiserProfileId.eq(profile.id))
        .filter(appraiser_license::Column::StateCode.eq(o.property_state_code.clone()))
        .order_by_desc(appraiser_license::Column::ExpirationDate)
        .one(db)
        .await?
        .map(|l| (l.og_number, l.state_code)))
}

/// Refuses delivery while the data file has hard stops or warnings no one acknowledged, or the
/// report's fair-language findings hold it (409, the body listing them).
pub async fn ensure_deliverable(state: &AppState, o: &order::Model) -> AppResult<()> {
    if let Some(data) = of_order(state, o).await? {
        ensure_checked(&data)?;
    }
    super::fair_language::ensure_clear(&state.db, o.id).await
}

fn ensure_checked(data: &ReportData) -> AppResult<()> {
    let codes = |codes: Vec<&str>| codes.join(", ");
    if !data.hard_stops.is_empty() {
        return Err(AppError::Blocked {
            message: format!(
                "The data file has hard stops: {}.",
                codes(data.hard_stops.iter().map(|s| s.code.as_str()).collect())
            ),
            key: "hardStops",
            items: serde_json::json!(data.hard_stops),
        });
    }
    let open = data.unacknowledged();
    if !open.is_empty() {
        return Err(AppError::Blocked {
            message: format!(
                "Acknowledge the data file's warnings first: {}.",
                codes(open.iter().map(|w| w.code.as_str()).collect())
            ),
            key: "unacknowledgedWarnings",
            items: serde_json::json!(open),
        });
    }
    Ok(())
}

/// Refuses a report uploaded without its data file (422 `uad.required`) when one of the order's
/// products requires it.
pub async fn ensure_data_file_given(db: &impl ConnectionTrait, order_id: i64) -> AppResult<()> {
    let Some(detail) = order_detail::Entity::find_by_id(order_id).one(db).await? else {
        return Ok(());
    };
    let requiring = report_type::Entity::find()
        .filter(report_type::Column::Id.is_in(detail.products()))
        .filter(report_type::Column::DataFileRequired.eq(true))
        .one(db)
        .await?;
    match requiring {
        None => Ok(()),
        Some(product) => Err(AppError::InvalidCoded {
            code: "uad.required",
            message: format!(
                "{} needs its appraisal data file (UAD XML or ZIP) uploaded with the report.",
                product.product_description
            ),
        }),
    }
}

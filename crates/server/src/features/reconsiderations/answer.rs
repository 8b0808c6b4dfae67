//! The appraiser's side: `GET /api/appraiser/orders/{id}/reconsiderations` (the cases sent to
//! them, as sent) and `POST /api/appraiser/reconsiderations/{rid}/answer`, a form with `outcome`
//! (`no_change` or `revised`), `commentary` (a JSON list: one answer per deficiency) and, when
//! revised, the revised `report` PDF and its `dataFile`, kept as a new version (screened, hard
//! stops read) and shown to the lender once staff resolve the case.
use axum::extract::DefaultBodyLimit;
use chrono::Utc;
use portal_db::entities::{order, reconsideration, stored_file};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, Set};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::cases::{self, ANSWERED, Actor, SENT, json};
use super::request::Deficiency;
use super::view::{self, Audience, Reconsideration};
use crate::features::files::upload::{Accept, Received, bad_form, short_text, store, stored_row};
use crate::features::reports::DATA_FILE_TYPE_ID;
use crate::features::reports::data;
use crate::features::reports::fair_language::{self, Screened};
use crate::kernel::orders::visibility::find_visible_order;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::current_user::CurrentUser;
use crate::platform::fields::named;
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Multipart;
use crate::platform::names::full_name;
use crate::platform::state::AppState;

/// The revised report's file type.
const REVISED_REPORT_TYPE_ID: i32 = 2;
/// Longest commentary field (all the answers together).
const MAX_COMMENTARY_BYTES: usize = 256 * 1024;

pub fn appraiser_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(reconsiderations_sent_to_me))
        .routes(routes!(answer_reconsideration))
        .layer(DefaultBodyLimit::disable())
}

/// The order's reconsiderations sent to its appraiser (staff see them too), as sent.
#[utoipa::path(get, path = "/api/appraiser/orders/{id}/reconsiderations", tag = "appraiser",
    params(OrderId), responses((status = 200, body = Vec<Reconsideration>), ReadAnswers))]
async fn reconsiderations_sent_to_me(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Vec<Reconsideration>>> {
    let o = find_visible_order(&state.db, &caller, id).await?;
    Ok(axum::Json(view::of_order(&state.db, &o, Audience::Appraiser, &state.config).await?))
}

/// The case and its order, when it was sent to the caller (404 otherwise).
async fn case_sent_to(
    state: &AppState,
    caller: &CurrentUser,
    id: i64,
) -> AppResult<(reconsideration::Model, order::Model)> {
    let gone = || AppError::NotFound("There is no such reconsideration.".into());
    let case = cases::find(&state.db, id).await?;
    let o = find_visible_order(&state.db, caller, case.order_id).await.map_err(|_| gone())?;
    if case.sent_text.is_none() || o.assigned_appraiser_id != Some(caller.id()) {
        return Err(gone());
    }
    Ok((case, o))
}

/// What the answer form carries.
#[derive(Default)]
struct Form {
    outcome: String,
    commentary: Vec<String>,
    report: Option<Received>,
    data_file: Option<Received>,
}

async fn read_form(
    state: &AppState,
    mut multipart: axum::extract::Multipart,
    form: &mut Form,
) -> AppResult<()> {
    while let Some(field) = multipart.next_field().await.map_err(bad_form)? {
        match field.name().unwrap_or_default() {
            "outcome" => form.outcome = short_text(field).await?.trim().to_string(),
            "commentary" => {
                let text =
                    crate::features::files::upload::text_up_to(field, MAX_COMMENTARY_BYTES).await?;
                form.commentary = serde_json::from_str(&text).map_err(|_| {
                    named("commentary", "Commentary")
                        .refuse("Commentary is a list of answers, one per deficiency.".into())
                })?;
            }
            "report" if form.report.is_none() => {
                let limit = state.config.max_upload_bytes;
                form.report =
                    Some(store(&state.storage, field, limit, Accept::Only(&["pdf"])).await?);
            }
            "dataFile" if form.data_file.is_none() => {
                let limit = state.config.max_upload_bytes;
                let accept = Accept::Only(&["xml", "zip"]);
                form.data_file = Some(store(&state.storage, field, limit, accept).await?);
            }
            other => return Err(AppError::BadRequest(format!("Unexpected form field '{other}'."))),
        }
    }
    Ok(())
}

/// The appraiser answers every deficiency: `no_change` with commentary, or `revised` with the
/// revised report (and data file) as a new version.
#[utoipa::path(post, path = "/api/appraiser/reconsiderations/{rid}/answer", tag = "appraiser",
    request_body(content_type = "multipart/form-data",
        description = "outcome (no_change or revised), \
            commentary (a JSON list of strings, one per deficiency); \
            when revised: report (PDF) and optionally dataFile (UAD XML or ZIP)"),
    params(("rid" = i64, Path, description = "Reconsideration id")),
    responses((status = 200, body = Reconsideration), (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse), (status = 413, body = MessageResponse),
        (status = 415, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn answer_reconsideration(
    CallOn { state, caller, id }: CallOn<i64>,
    Multipart(multipart): Multipart,
) -> AppResult<axum::Json<Reconsideration>> {
    let (case, o) = case_sent_to(&state, &caller, id).await?;
    let mut form = Form::default();
    let outcome = match read_form(&state, multipart, &mut form).await {
        Ok(()) => save(&state, &caller, case, &o, &form).await,
        Err(e) => Err(e),
    };
    if outcome.is_err() {
        for file in [&form.report, &form.data_file].into_iter().flatten() {
            state.storage.delete(&file.stored.key).await;
        }
    }
    let case = outcome?;
    Ok(axum::Json(view::view(&state.db, case, &o, Audience::Appraiser, &state.config).await?))
}

fn check_commentary(case: &reconsideration::Model, form: &Form) -> AppResult<Vec<String>> {
    let deficiencies: Vec<Deficiency> = cases::parse(Some(&case.deficiencies));
    let mut answers = Vec::with_capacity(deficiencies.len());
    for i in 0..deficiencies.len() {
        let text = form.commentary.get(i).map(|t| t.trim()).unwrap_or_default();
        if text.is_empty() {
            return Err(named(&format!("commentary[{i}]"), "Commentary")
                .refuse(format!("Answer deficiency {} with your commentary.", i + 1)));
        }
        answers.push(text.chars().take(8000).collect());
    }
    Ok(answers)
}

async fn save(
    state: &AppState,
    caller: &CurrentUser,
    case: reconsideration::Model,
    o: &order::Model,
    form: &Form,
) -> AppResult<reconsideration::Model> {
    if case.status != SENT {
        return Err(AppError::Conflict(format!(
            "This reconsideration is {}: it was answered.",
            case.status
        )));
    }
    let commentary = check_commentary(&case, form)?;
    let revised = match form.outcome.as_str() {
        "revised" => true,
        "no_change" => false,
        _ => {
            return Err(
                named("outcome", "Outcome").refuse("Outcome is no_change or revised.".into())
            );
        }
    };
    if revised && form.report.is_none() {
        return Err(
            named("report", "Revised report").refuse("Attach the revised report (PDF).".into())
        );
    }
    if !revised && (form.report.is_some() || form.data_file.is_some()) {
        return Err(named("outcome", "Outcome")
            .refuse("Send a revised report only with the outcome revised.".into()));
    }
    let versions = Versions::read(state, o, form).await?;
    let txn = portal_db::begin_write(&state.db).await?;
    let revised_file_id = versions.keep(&txn, caller, o, form).await?;
    let actor = Actor { id: Some(caller.id()), name: full_name(&caller.user) };
    let outcome = form.outcome.clone();
    let commentary = json(&commentary)?;
    let case = cases::advance(&txn, &state.config, case, &[SENT], ANSWERED, &actor, None, |row| {
        row.answer_outcome = Set(Some(outcome));
        row.commentary = Set(Some(commentary));
        row.revised_file_id = Set(revised_file_id);
    })
    .await?;
    txn.commit().await?;
    Ok(case)
}

/// The revised report's versions, read and screened before anything is written.
struct Versions {
    report: Option<fair_language::Screening>,
    data: Option<(portal_uad::Report, fair_language::Screening)>,
}

impl Versions {
    async fn read(state: &AppState, o: &order::Model, form: &Form) -> AppResult<Versions> {
        let data_report = match &form.data_file {
            Some(file) => {
                Some(data::read(&state.config, &state.storage.read_all(&file.stored.key).await?)?)
            }
            None => None,
        };
        let places = fair_language::places_of(state, Some(o), data_report.as_ref()).await?;
        let report = match &form.report {
            Some(file) => Some(fair_language::screen_pdf(state, &file.stored, &places).await?),
            None => None,
        };
        let data = match data_report {
            Some(r) => {
                let screening =
                    fair_language::screen_version(&state.db, Screened::DataFile(&r), &places)
                        .await?;
                Some((r, screening))
            }
            None => None,
        };
        Ok(Versions { report, data })
    }

    /// Keeps the files, hidden from the lender until the case is resolved; the report's id.
    async fn keep(
        &self,
        txn: &DatabaseTransaction,
        caller: &CurrentUser,
        o: &order::Model,
        form: &Form,
    ) -> AppResult<Option<i64>> {
        let now = Utc::now();
        let mut report_id = None;
        if let (Some(file), Some(screening)) = (&form.report, &self.report) {
            let row = hidden(stored_row(
                file,
                REVISED_REPORT_TYPE_ID,
                caller.id(),
                now,
                Some(o.id),
                None,
            ))
            .insert(txn)
            .await?;
            fair_language::record(txn, o.id, row.id, screening).await?;
            report_id = Some(row.id);
        }
        if let (Some(file), Some((report, screening))) = (&form.data_file, &self.data) {
            let row =
                hidden(stored_row(file, DATA_FILE_TYPE_ID, caller.id(), now, Some(o.id), None))
                    .insert(txn)
                    .await?;
            data::keep(txn, row.id, report).await?;
            fair_language::record(txn, o.id, row.id, screening).await?;
        }
        Ok(report_id)
    }
}

fn hidden(mut row: stored_file::ActiveModel) -> stored_file::ActiveModel {
    row.hide = Set(true);
    row
}

/// Shows the lender the revised report (and the data file uploaded with it) once resolved.
pub async fn release_revision(txn: &DatabaseTransaction, report_file_id: i64) -> AppResult<()> {
    let Some(report) = stored_file::Entity::find_by_id(report_file_id).one(txn).await? else {
        return Ok(());
    };
    stored_file::Entity::update_many()
        .col_expr(stored_file::Column::Hide, Expr::value(false))
        .filter(stored_file::Column::OrderId.eq(report.order_id))
        .filter(stored_file::Column::UploadedAt.eq(report.uploaded_at))
        .filter(stored_file::Column::UploadedBy.eq(report.uploaded_by))
        .exec(txn)
        .await?;
    Ok(())
}

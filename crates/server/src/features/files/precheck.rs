//! `POST /api/appraiser/precheck`: an appraiser checks a report PDF or data file before sending
//! it: the data file's hard stops and the fair-language findings of either. Nothing is kept: the
//! file is read from temporary storage and deleted.
use axum::extract::DefaultBodyLimit;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::upload::{Accept, Received, bad_form, store};
use crate::features::reports::data::{self, Check};
use crate::features::reports::fair_language::{self, FairLanguageFinding, Screened};
use crate::platform::call::Call;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Multipart;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(precheck)).layer(DefaultBodyLimit::disable())
}

/// What a pre-check found.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Precheck {
    pub file_name: String,
    /// `report_pdf` or `data_file`.
    pub kind: String,
    /// The data file's hard stops (none for a PDF).
    pub hard_stops: Vec<Check>,
    pub fair_language: Vec<FairLanguageFinding>,
    /// False when no text could be read from the PDF (scanned pages, damaged or encrypted).
    pub text_read: bool,
    pub lexicon_version: i32,
}

const MSG_ONE_FILE: &str = "Choose one report PDF or data file (.pdf, .xml or .zip) to check.";

#[utoipa::path(post, path = "/api/appraiser/precheck", tag = "appraiser",
    request_body(content_type = "multipart/form-data",
        description = "file: a report PDF, or a UAD data file (.xml or .zip)"),
    responses((status = 200, body = Precheck), (status = 413, body = MessageResponse),
        (status = 415, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn precheck(
    Call { state, .. }: Call,
    Multipart(mut multipart): Multipart,
) -> AppResult<axum::Json<Precheck>> {
    let Some(field) = multipart.next_field().await.map_err(bad_form)? else {
        return Err(AppError::Validation(MSG_ONE_FILE.into()));
    };
    if field.name() != Some("file") {
        return Err(AppError::Validation(MSG_ONE_FILE.into()));
    }
    let accept = Accept::Only(&["pdf", "xml", "zip"]);
    let received = store(&state.storage, field, state.config.max_upload_bytes, accept).await?;
    let outcome = async {
        if multipart.next_field().await.map_err(bad_form)?.is_some() {
            return Err(AppError::Validation(MSG_ONE_FILE.into()));
        }
        check(&state, &received).await
    }
    .await;
    state.storage.delete(&received.stored.key).await;
    outcome.map(axum::Json)
}

async fn check(state: &AppState, file: &Received) -> AppResult<Precheck> {
    if file.kind.extension == "pdf" {
        let places = fair_language::places_of(state, None, None).await?;
        let screening = fair_language::screen_pdf(state, &file.stored, &places).await?;
        return answer(state, file, "report_pdf", Vec::new(), screening).await;
    }
    let report = data::read(&state.config, &state.storage.read_all(&file.stored.key).await?)?;
    let hard_stops = portal_uad::hard_stops(&report)
        .into_iter()
        .map(|f| Check { code: f.code.into(), message: f.message })
        .collect();
    let places = fair_language::places_of(state, None, Some(&report)).await?;
    let what = Screened::DataFile(&report);
    let screening = fair_language::screen_version(&state.db, what, &places).await?;
    answer(state, file, "data_file", hard_stops, screening).await
}

async fn answer(
    state: &AppState,
    file: &Received,
    kind: &str,
    hard_stops: Vec<Check>,
    screening: fair_language::Screening,
) -> AppResult<Precheck> {
    Ok(Precheck {
        file_name: file.file_name.clone(),
        kind: kind.into(),
        hard_stops,
        text_read: screening.text_read,
        lexicon_version: screening.lexicon_version,
        fair_language: fair_language::unstored(&state.db, screening).await?,
    })
}

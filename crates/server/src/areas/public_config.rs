//! Runtime settings the web app needs before sign-in (support contacts, map tiles).
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::features::auth::oidc;
use crate::platform::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppConfig {
    pub support_email: String,
    pub support_phone: String,
    pub technical_support_email: String,
    pub sign_up_url: String,
    pub map_tile_url: String,
    pub company_time_zone: String,
    /// The identity provider's name for "Sign in with <name>"; null when single sign-on is off.
    pub single_sign_on: Option<String>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(app_config))
}

#[utoipa::path(
    get,
    path = "/api/app-config",
    tag = "config",
    responses((status = 200, body = AppConfig)),
)]
async fn app_config(State(state): State<AppState>) -> axum::Json<AppConfig> {
    let c = &state.config;
    axum::Json(AppConfig {
        support_email: c.support_email.clone(),
        support_phone: c.support_phone.clone(),
        technical_support_email: c.technical_support_email.clone(),
        sign_up_url: c.sign_up_url.clone(),
        map_tile_url: c.map_tile_url.clone(),
        company_time_zone: c.company_time_zone.clone(),
        single_sign_on: oidc::configured(c).then(|| c.oidc_name.clone()),
    })
}

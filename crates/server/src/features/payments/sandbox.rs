//! The built-in EPP sandbox: plays the payment platform inside the portal so that onboarding
//! works offline and in tests. Its onboarding page (`/epp-sandbox/onboard?token=...`, opened in a
//! new tab) takes a single-use token tied to one appraiser; completing it stores the party data
//! on that appraiser's profile, as the real platform's notification would.
use crate::platform::http::extract::Query;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use chrono::{Duration, Utc};
use portal_db::entities::{appraiser_profile, epp_sandbox_token, security_user};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    IntoActiveModel, NotSet, QueryFilter, Set,
};
use serde::Deserialize;

use crate::platform::delivery::html_escape;
use crate::platform::epp::{
    EppAppraiser, EppError, EppPartyData, EppPlatform, OnboardingLink, PROVIDER_SANDBOX,
    stored_party,
};
use crate::platform::http::sandbox_page::{self, Sandbox};
use crate::platform::state::AppState;
use crate::platform::tokens::{hash_token, random_token};

pub const PURPOSE_ONBOARD: &str = "onboard";
pub const PURPOSE_ACCESS: &str = "access";
/// How long an onboarding link and a profile link stay usable.
const ONBOARD_MINUTES: i64 = 60;
const ACCESS_MINUTES: i64 = 15;

pub struct SandboxEpp {
    db: DatabaseConnection,
}

impl SandboxEpp {
    pub fn new(db: DatabaseConnection) -> SandboxEpp {
        SandboxEpp { db }
    }

    async fn issue(
        &self,
        appraiser_user_id: i32,
        purpose: &str,
        minutes: i64,
    ) -> Result<String, EppError> {
        let token = random_token();
        let now = Utc::now();
        epp_sandbox_token::ActiveModel {
            id: NotSet,
            token_hash: Set(hash_token(&token)),
            purpose: Set(purpose.into()),
            appraiser_user_id: Set(appraiser_user_id),
            created_at: Set(now),
            expires_at: Set(now + Duration::minutes(minutes)),
            used_at: Set(None),
        }
        .insert(&self.db)
        .await?;
        Ok(token)
    }
}

#[async_trait::async_trait]
impl EppPlatform for SandboxEpp {
    async fn party_access_url(
        &self,
        a: &EppAppraiser,
        _party_id: &str,
    ) -> Result<String, EppError> {
        let token = self.issue(a.security_user_id, PURPOSE_ACCESS, ACCESS_MINUTES).await?;
        Ok(format!("/epp-sandbox/party?token={token}"))
    }

    async fn onboard_token(&self, a: &EppAppraiser) -> Result<OnboardingLink, EppError> {
        let token = self.issue(a.security_user_id, PURPOSE_ONBOARD, ONBOARD_MINUTES).await?;
        Ok(OnboardingLink { onboarding_url: format!("/epp-sandbox/onboard?token={token}"), token })
    }

    async fn party_information(&self, a: &EppAppraiser) -> Result<Option<EppPartyData>, EppError> {
        let profile = appraiser_profile::Entity::find()
            .filter(appraiser_profile::Column::SecurityUserId.eq(a.security_user_id))
            .one(&self.db)
            .await?;
        Ok(profile.as_ref().and_then(stored_party))
    }
}

// ---- The sandbox's pages ----------------------------------------------------------------------

#[derive(Debug, Deserialize)]
pub struct TokenQuery {
    token: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct OnboardForm {
    token: String,
    company_name: Option<String>,
    vendor_name: Option<String>,
    street_address: Option<String>,
    city: Option<String>,
    state: Option<String>,
    zip: Option<String>,
}

const BAD_LINK: &str = "This onboarding link is invalid, has expired or was already used. \
    Return to the Appraisal Portal and choose Onboard to EPP again.";

const SANDBOX: Sandbox = Sandbox {
    name: "EPP sandbox",
    notice: "Stewart Enterprise Payments sandbox: a stand-in for the payment platform. \
             Nothing here is real.",
};

fn page(status: StatusCode, title: &str, body: &str) -> Response {
    sandbox_page::page(&SANDBOX, status, title, body)
}

fn sandbox_enabled(state: &AppState) -> bool {
    state.config.epp_provider == PROVIDER_SANDBOX
}

/// A live token of `purpose`: (token row, its appraiser's user and profile).
async fn live_token(
    db: &impl ConnectionTrait,
    token: &str,
    purpose: &str,
) -> Result<
    Option<(epp_sandbox_token::Model, security_user::Model, appraiser_profile::Model)>,
    sea_orm::DbErr,
> {
    let Some(row) = epp_sandbox_token::Entity::find()
        .filter(epp_sandbox_token::Column::TokenHash.eq(hash_token(token)))
        .filter(epp_sandbox_token::Column::Purpose.eq(purpose))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    if row.expires_at < Utc::now() || (purpose == PURPOSE_ONBOARD && row.used_at.is_some()) {
        return Ok(None);
    }
    let found = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.eq(row.appraiser_user_id))
        .find_also_related(security_user::Entity)
        .one(db)
        .await?;
    Ok(match found {
        Some((profile, Some(user))) => Some((row, user, profile)),
        _ => None,
    })
}

fn field(label: &str, name: &str, value: &str, required: bool, autocomplete: &str) -> String {
    format!(
        "<label for=\"{name}\">{label}{}</label>\
         <input id=\"{name}\" name=\"{name}\" value=\"{}\" \
         autocomplete=\"{autocomplete}\"{}>",
        if required { " (required)" } else { "" },
        html_escape(value),
        if required { " required" } else { "" }
    )
}

/// GET /epp-sandbox/onboard?token=...: the onboarding form.
pub async fn onboard_page(State(state): State<AppState>, Query(q): Query<TokenQuery>) -> Response {
    if !sandbox_enabled(&state) {
        return page(StatusCode::NOT_FOUND, "Not found", "<p>The EPP sandbox is not in use.</p>");
    }
    let token = q.token.unwrap_or_default();
    let found = match live_token(&state.db, &token, PURPOSE_ONBOARD).await {
        Ok(found) => found,
        Err(e) => return internal(e.to_string()),
    };
    let Some((_, user, profile)) = found else {
        return page(
            StatusCode::BAD_REQUEST,
            "Onboarding link not valid",
            &format!("<p>{BAD_LINK}</p>"),
        );
    };
    let name = [user.first_name.as_deref(), user.last_name.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let company =
        if name.is_empty() { user.login_id.clone() } else { format!("{name} Appraisals") };
    let vendor = format!("VND-{:06}", user.id);
    let body = format!(
        "<p>Onboarding {} ({}) to Stewart Enterprise Payments. \
         Check the details and complete onboarding.</p>\
         <form method=\"post\" action=\"/epp-sandbox/onboard\">\
         <input type=\"hidden\" name=\"token\" value=\"{}\">\
         {}{}<fieldset style=\"margin-top:1rem;border:1px solid #999;border-radius:4px\">\
         <legend>W9 address</legend>{}{}{}{}</fieldset>\
         <button type=\"submit\">Complete onboarding</button></form>",
        html_escape(if name.is_empty() { &user.login_id } else { &name }),
        html_escape(&user.email),
        html_escape(&token),
        field("Company Name", "company_name", &company, true, "organization"),
        field("Vendor Name", "vendor_name", &vendor, true, "off"),
        field(
            "Street Address",
            "street_address",
            profile.office_address_line1.as_deref().unwrap_or_default(),
            false,
            "street-address"
        ),
        field(
            "City",
            "city",
            profile.office_city.as_deref().unwrap_or_default(),
            false,
            "address-level2"
        ),
        field(
            "State",
            "state",
            profile.office_state_code.as_deref().unwrap_or_default(),
            false,
            "address-level1"
        ),
        field(
            "Zip Code",
            "zip",
            profile.office_zip_code.as_deref().unwrap_or_default(),
            false,
            "postal-code"
        ),
    );
    page(StatusCode::OK, "Complete EPP onboarding", &body)
}

fn trimmed(value: Option<String>, max: usize) -> Option<String> {
    value.map(|v| v.trim().chars().take(max).collect::<String>()).filter(|v| !v.is_empty())
}

/// POST /epp-sandbox/onboard: uses the token once and stores the party on the profile.
pub async fn complete_onboarding(
    State(state): State<AppState>,
    axum::Form(form): axum::Form<OnboardForm>,
) -> Response {
    if !sandbox_enabled(&state) {
        return page(StatusCode::NOT_FOUND, "Not found", "<p>The EPP sandbox is not in use.</p>");
    }
    let company = trimmed(form.company_name, 200);
    let vendor = trimmed(form.vendor_name, 200);
    let (Some(company), Some(vendor)) = (company, vendor) else {
        return page(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Details missing",
            "<p>Company Name and Vendor Name are required. Go back and fill them in.</p>",
        );
    };
    let address = (
        trimmed(form.street_address, 200),
        trimmed(form.city, 100),
        trimmed(form.state, 50),
        trimmed(form.zip, 10),
    );
    let result: Result<bool, sea_orm::DbErr> = async {
        let txn = portal_db::begin_write(&state.db).await?;
        // Single use: the first statement claims the token, so only one completion matches.
        let hash = hash_token(&form.token);
        let claimed = epp_sandbox_token::Entity::update_many()
            .col_expr(epp_sandbox_token::Column::UsedAt, Expr::value(Utc::now()))
            .filter(epp_sandbox_token::Column::TokenHash.eq(hash.clone()))
            .filter(epp_sandbox_token::Column::Purpose.eq(PURPOSE_ONBOARD))
            .filter(epp_sandbox_token::Column::UsedAt.is_null())
            .filter(epp_sandbox_token::Column::ExpiresAt.gt(Utc::now()))
            .exec(&txn)
            .await?;
        if claimed.rows_affected != 1 {
            txn.rollback().await?;
            return Ok(false);
        }
        let Some(row) = epp_sandbox_token::Entity::find()
            .filter(epp_sandbox_token::Column::TokenHash.eq(hash))
            .one(&txn)
            .await?
        else {
            return Ok(false);
        };
        let Some((profile, Some(user))) = appraiser_profile::Entity::find()
            .filter(appraiser_profile::Column::SecurityUserId.eq(row.appraiser_user_id))
            .find_also_related(security_user::Entity)
            .one(&txn)
            .await?
        else {
            return Ok(false);
        };
        let linked = address.0.is_some()
            && address.1.is_some()
            && address.2.is_some()
            && address.3.is_some();
        let mut p = profile.into_active_model();
        p.epp_party_id =
            Set(Some(format!("EPP-SBX-{}-{}", user.id, &random_token()[..8].to_uppercase())));
        p.epp_company_name = Set(Some(company.clone()));
        p.epp_vendor_name = Set(Some(vendor.clone()));
        p.epp_payment_status = Set(Some(if linked { "Active" } else { "Pending W9" }.into()));
        p.epp_is_linked = Set(linked);
        p.epp_street_address = Set(address.0.clone());
        p.epp_city = Set(address.1.clone());
        p.epp_state = Set(address.2.clone());
        p.epp_zip = Set(address.3.clone());
        p.epp_onboarded_at = Set(Some(Utc::now()));
        p.update(&txn).await?;
        crate::platform::audit::record(
            &txn,
            crate::platform::audit::AuditEntry {
                action: "epp.onboarded",
                actor: Some(user.id),
                subject: Some(user.id),
                detail: Some("EPP sandbox onboarding completed".into()),
                ip: None,
            },
        )
        .await
        .map_err(|e| sea_orm::DbErr::Custom(e.to_string()))?;
        txn.commit().await?;
        Ok(true)
    }
    .await;
    match result {
        Ok(true) => page(
            StatusCode::OK,
            "Onboarding complete",
            "<p role=\"status\">Onboarding complete. You can close this tab \
             and return to the Appraisal Portal; \
             its Payments page now shows your EPP details.</p>",
        ),
        Ok(false) => page(
            StatusCode::BAD_REQUEST,
            "Onboarding link not valid",
            &format!("<p>{BAD_LINK}</p>"),
        ),
        Err(e) => internal(e.to_string()),
    }
}

/// GET /epp-sandbox/party?token=...: the party profile ('View EPP Profile').
pub async fn party_page(State(state): State<AppState>, Query(q): Query<TokenQuery>) -> Response {
    if !sandbox_enabled(&state) {
        return page(StatusCode::NOT_FOUND, "Not found", "<p>The EPP sandbox is not in use.</p>");
    }
    let found = match live_token(&state.db, &q.token.unwrap_or_default(), PURPOSE_ACCESS).await {
        Ok(found) => found,
        Err(e) => return internal(e.to_string()),
    };
    let Some(party) = found.as_ref().and_then(|(_, _, profile)| stored_party(profile)) else {
        return page(
            StatusCode::BAD_REQUEST,
            "Profile link not valid",
            "<p>This profile link is invalid or has expired. \
             Open it again from the Appraisal Portal.</p>",
        );
    };
    let row = |label: &str, value: Option<&str>| {
        format!("<dt>{label}</dt><dd>{}</dd>", html_escape(value.unwrap_or("N/A")))
    };
    let body = format!(
        "<dl>{}{}{}{}{}{}{}{}{}</dl>",
        row("Party ID", Some(&party.party_id)),
        row("Company Name", party.company_name.as_deref()),
        row("Vendor Name", party.vendor_name.as_deref()),
        row("Payments Status", party.payment_status.as_deref()),
        row("W9 linked", Some(if party.is_linked { "Yes" } else { "No" })),
        row("Street Address", party.street_address.as_deref()),
        row("City", party.city.as_deref()),
        row("State", party.state.as_deref()),
        row("Zip Code", party.zip.as_deref()),
    );
    page(StatusCode::OK, "EPP party profile", &body)
}

fn internal(detail: String) -> Response {
    tracing::error!(%detail, "EPP sandbox page failed");
    page(
        StatusCode::INTERNAL_SERVER_ERROR,
        "Something went wrong",
        "<p>An error occurred. Please try again.</p>",
    )
}

//! Single sign-on with an OpenID Connect provider (`oidc_*` in the configuration): the
//! authorization code flow with PKCE (S256), `state` (kept server-side and in a cookie of the
//! browser that started) and `nonce`; the ID token is verified against the issuer's keys
//! (signature, issuer, audience, expiry, nonce). The provider's sign-in stands in for the
//! verification code. A staff or client account whose e-mail matches the verified address is
//! signed in; else a client whose single sign-on domain is the address's may gain a viewer.
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::http::header::SET_COOKIE;
use axum::response::{IntoResponse, Redirect, Response};
use chrono::{Duration, Utc};
use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreProviderMetadata};
use openidconnect::{
    AccessToken, AuthorizationCode, ClientId, ClientSecret, CsrfToken, IssuerUrl, Nonce,
    OAuth2TokenResponse, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope,
    SubjectIdentifier, reqwest,
};
use portal_db::entities::{client, client_user, oidc_sign_in, security_user};
use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::session::{self, cookie, cookie_header};
use crate::kernel::clients::ClientRole;
use crate::kernel::users::accounts::{self, NewUser};
use crate::platform::audit::{self, AuditEntry};
use crate::platform::config::Config;
use crate::platform::current_user::CurrentUser;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::roles::UserType;
use crate::platform::state::AppState;
use crate::platform::tokens::{hash_token, random_token};

/// The browser that started a sign-in carries its state back in this cookie.
const STATE_COOKIE: &str = "portal_oidc";
/// How long a sign-in may stay at the provider.
const SIGN_IN_MINUTES: i64 = 10;

/// Why a sign-in was refused, as the sign-in page reads it (`/login?sso=<reason>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    /// The provider could not be reached or answered something unusable.
    Unavailable,
    /// The sign-in did not check out (state, code, ID token) or was cancelled at the provider.
    Failed,
    /// The provider did not vouch for the e-mail address.
    Unverified,
    /// No active staff or client account has the address, and no client takes its domain.
    NoAccount,
    /// Appraisers sign in with their username and password.
    NotOffered,
}

impl Refusal {
    fn reason(self) -> &'static str {
        match self {
            Refusal::Unavailable => "unavailable",
            Refusal::Failed => "failed",
            Refusal::Unverified => "unverified",
            Refusal::NoAccount => "no-account",
            Refusal::NotOffered => "not-offered",
        }
    }
}

impl From<AppError> for Refusal {
    fn from(e: AppError) -> Self {
        tracing::error!("single sign-on: {e}");
        Refusal::Unavailable
    }
}

impl From<sea_orm::DbErr> for Refusal {
    fn from(e: sea_orm::DbErr) -> Self {
        Refusal::from(AppError::from(e))
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(start)).routes(routes!(callback))
}

/// Whether single sign-on is set up.
pub fn configured(config: &Config) -> bool {
    !config.oidc_issuer.is_empty()
}

fn http_client() -> Result<reqwest::Client, Refusal> {
    // Following redirects from the provider's endpoints would open the door to SSRF.
    reqwest::ClientBuilder::new()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(std::time::Duration::from_secs(10))
        .build()
        .map_err(|e| Refusal::from(AppError::Internal(e.to_string())))
}

fn unavailable(what: &str, e: impl std::fmt::Display) -> Refusal {
    tracing::warn!("single sign-on: {what}: {e}");
    Refusal::Unavailable
}

/// The provider's metadata (discovery) as a client of ours.
async fn provider(
    config: &Config,
    http: &reqwest::Client,
) -> Result<
    CoreClient<
        openidconnect::EndpointSet,
        openidconnect::EndpointNotSet,
        openidconnect::EndpointNotSet,
        openidconnect::EndpointNotSet,
        openidconnect::EndpointMaybeSet,
        openidconnect::EndpointMaybeSet,
    >,
    Refusal,
> {
    let issuer =
        IssuerUrl::new(config.oidc_issuer.clone()).map_err(|e| unavailable("issuer", e))?;
    let metadata = CoreProviderMetadata::discover_async(issuer, http)
        .await
        .map_err(|e| unavailable("discovery", e))?;
    let redirect = RedirectUrl::new(config.link("/api/auth/oidc/callback"))
        .map_err(|e| unavailable("callback URL", e))?;
    Ok(CoreClient::from_provider_metadata(
        metadata,
        ClientId::new(config.oidc_client_id.clone()),
        Some(ClientSecret::new(config.oidc_client_secret.clone())),
    )
    .set_redirect_uri(redirect))
}

/// A path of this site to return to (never another site's address).
fn safe_return_to(return_to: Option<&str>) -> String {
    match return_to {
        Some(p) if p.starts_with('/') && !p.starts_with("//") && !p.contains('\\') => p.into(),
        _ => "/".into(),
    }
}

fn refused(config: &Config, why: Refusal) -> Response {
    let mut headers = HeaderMap::new();
    headers.append(SET_COOKIE, cookie_header(STATE_COOKIE, "", true, config.cookie_secure, true));
    (headers, Redirect::to(&format!("/login?sso={}", why.reason()))).into_response()
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StartQuery {
    /// A path of the portal to open once signed in (the dashboard when left out).
    pub return_to: Option<String>,
}

/// Sends the browser to the identity provider (303); back on the sign-in page with a reason when
/// single sign-on is not set up or the provider cannot be reached.
#[utoipa::path(get, path = "/api/auth/oidc/start", tag = "auth", params(StartQuery),
    responses((status = 303, description = "To the identity provider, or back to /login?sso=")))]
async fn start(State(state): State<AppState>, Query(q): Query<StartQuery>) -> Response {
    match begin(&state, q.return_to.as_deref()).await {
        Ok(response) => response,
        Err(why) => refused(&state.config, why),
    }
}

async fn begin(state: &AppState, return_to: Option<&str>) -> Result<Response, Refusal> {
    if !configured(&state.config) {
        return Err(Refusal::Unavailable);
    }
    let http = http_client()?;
    let client = provider(&state.config, &http).await?;
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let (url, csrf, nonce) = client
        .authorize_url(
            CoreAuthenticationFlow::AuthorizationCode,
            CsrfToken::new_random,
            Nonce::new_random,
        )
        .add_scope(Scope::new("email".into()))
        .add_scope(Scope::new("profile".into()))
        .set_pkce_challenge(challenge)
        .url();
    let now = Utc::now();
    let stale = now - Duration::minutes(SIGN_IN_MINUTES);
    oidc_sign_in::Entity::delete_many()
        .filter(oidc_sign_in::Column::CreatedAt.lt(stale))
        .exec(&state.db)
        .await?;
    oidc_sign_in::ActiveModel {
        state_hash: Set(hash_token(csrf.secret())),
        nonce: Set(nonce.secret().clone()),
        pkce_verifier: Set(verifier.secret().clone()),
        return_to: Set(safe_return_to(return_to)),
        created_at: Set(now),
    }
    .insert(&state.db)
    .await?;
    let mut headers = HeaderMap::new();
    let secure = state.config.cookie_secure;
    headers.append(SET_COOKIE, cookie_header(STATE_COOKIE, csrf.secret(), true, secure, false));
    Ok((headers, Redirect::to(url.as_str())).into_response())
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    pub code: Option<String>,
    pub state: Option<String>,
    /// The provider's error code when the person did not sign in there.
    pub error: Option<String>,
}

/// Where the identity provider sends the browser back: signs in and opens the page asked for
/// (303), or back on the sign-in page with the reason (`/login?sso=`).
#[utoipa::path(get, path = "/api/auth/oidc/callback", tag = "auth", params(CallbackQuery),
    responses((status = 303, description = "Signed in, or back to /login?sso=")))]
async fn callback(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    previous: Option<CurrentUser>,
    request_headers: HeaderMap,
    Query(q): Query<CallbackQuery>,
) -> Response {
    let started_here = cookie(&request_headers, STATE_COOKIE).map(str::to_string);
    match finish(&state, &ip, previous, started_here, q).await {
        Ok(response) => response,
        Err(why) => {
            let entry = AuditEntry {
                action: "sso_refused",
                detail: Some(why.reason().into()),
                ip: Some(&ip),
                ..Default::default()
            };
            if let Err(e) = audit::record(&state.db, entry).await {
                tracing::error!("single sign-on audit: {e}");
            }
            refused(&state.config, why)
        }
    }
}

/// The verified e-mail address the provider vouches for, with the person's names.
struct Identity {
    email: String,
    first_name: Option<String>,
    last_name: Option<String>,
}

async fn finish(
    state: &AppState,
    ip: &str,
    previous: Option<CurrentUser>,
    started_here: Option<String>,
    q: CallbackQuery,
) -> Result<Response, Refusal> {
    if q.error.is_some() || !configured(&state.config) {
        return Err(Refusal::Failed);
    }
    let (Some(code), Some(returned_state)) = (q.code, q.state) else {
        return Err(Refusal::Failed);
    };
    if started_here.as_deref() != Some(returned_state.as_str()) {
        return Err(Refusal::Failed);
    }
    // One use: the row goes whatever happens next.
    let key = hash_token(&returned_state);
    let Some(pending) = oidc_sign_in::Entity::find_by_id(key.clone()).one(&state.db).await? else {
        return Err(Refusal::Failed);
    };
    oidc_sign_in::Entity::delete_by_id(key).exec(&state.db).await?;
    if pending.created_at < Utc::now() - Duration::minutes(SIGN_IN_MINUTES) {
        return Err(Refusal::Failed);
    }
    let identity = identity(state, &pending, code).await?;
    let user = account_for(state, &identity, ip).await?;
    let db = &state.db;
    if let Some(previous) = previous {
        session::end(db, &state.live.sessions, previous.id(), &previous.session_id).await?;
    }
    let (token, csrf) = session::create(db, state, user.id, None).await?;
    let entry = AuditEntry {
        action: "login",
        actor: Some(user.id),
        subject: Some(user.id),
        detail: Some("single sign-on".into()),
        ip: Some(ip),
    };
    audit::record(db, entry).await?;
    let mut headers = HeaderMap::new();
    let secure = state.config.cookie_secure;
    session::set_session_cookies(&mut headers, &token, &csrf, secure);
    headers.append(SET_COOKIE, cookie_header(STATE_COOKIE, "", true, secure, true));
    Ok((headers, Redirect::to(&pending.return_to)).into_response())
}

/// Exchanges the code (with the PKCE verifier) and verifies the ID token; the e-mail comes from
/// the token, or from the UserInfo endpoint for the token's subject when the token leaves it out.
async fn identity(
    state: &AppState,
    pending: &oidc_sign_in::Model,
    code: String,
) -> Result<Identity, Refusal> {
    let http = http_client()?;
    let client = provider(&state.config, &http).await?;
    let tokens = client
        .exchange_code(AuthorizationCode::new(code))
        .map_err(|e| unavailable("token endpoint", e))?
        .set_pkce_verifier(PkceCodeVerifier::new(pending.pkce_verifier.clone()))
        .request_async(&http)
        .await
        .map_err(|e| {
            tracing::warn!("single sign-on: code exchange: {e}");
            Refusal::Failed
        })?;
    let id_token = tokens.extra_fields().id_token().ok_or(Refusal::Failed)?;
    let claims = id_token
        .claims(&client.id_token_verifier(), &Nonce::new(pending.nonce.clone()))
        .map_err(|e| {
        tracing::warn!("single sign-on: ID token refused: {e}");
        Refusal::Failed
    })?;
    if let Some(email) = claims.email() {
        let first = claims.given_name().and_then(|n| n.get(None)).map(|n| n.to_string());
        let last = claims.family_name().and_then(|n| n.get(None)).map(|n| n.to_string());
        return verified(email.as_str(), claims.email_verified(), first, last);
    }
    let subject: SubjectIdentifier = claims.subject().clone();
    let access: AccessToken = tokens.access_token().clone();
    let info: openidconnect::core::CoreUserInfoClaims = client
        .user_info(access, Some(subject))
        .map_err(|e| unavailable("userinfo endpoint", e))?
        .request_async(&http)
        .await
        .map_err(|e| unavailable("userinfo", e))?;
    let email = info.email().ok_or(Refusal::Unverified)?;
    let first = info.given_name().and_then(|n| n.get(None)).map(|n| n.to_string());
    let last = info.family_name().and_then(|n| n.get(None)).map(|n| n.to_string());
    verified(email.as_str(), info.email_verified(), first, last)
}

fn verified(
    email: &str,
    email_verified: Option<bool>,
    first_name: Option<String>,
    last_name: Option<String>,
) -> Result<Identity, Refusal> {
    if email_verified != Some(true) {
        return Err(Refusal::Unverified);
    }
    Ok(Identity { email: email.trim().to_ascii_lowercase(), first_name, last_name })
}

/// The account the address signs in: its one active staff or client account, else a new viewer
/// of the client that takes the address's domain.
async fn account_for(
    state: &AppState,
    who: &Identity,
    ip: &str,
) -> Result<security_user::Model, Refusal> {
    let same_email =
        Expr::expr(Func::lower(Expr::col(security_user::Column::Email))).eq(who.email.as_str());
    let accounts = security_user::Entity::find()
        .filter(same_email)
        .filter(security_user::Column::Active.eq(true))
        .all(&state.db)
        .await?;
    if accounts.iter().any(|u| u.user_type.is_appraiser_kind()) {
        return Err(Refusal::NotOffered);
    }
    let mut offered =
        accounts.into_iter().filter(|u| matches!(u.user_type, UserType::Staff | UserType::Client));
    match (offered.next(), offered.next()) {
        (Some(user), None) => Ok(user),
        (Some(_), Some(_)) => Err(Refusal::NoAccount),
        (None, _) => join_by_domain(state, who, ip).await,
    }
}

async fn join_by_domain(
    state: &AppState,
    who: &Identity,
    ip: &str,
) -> Result<security_user::Model, Refusal> {
    let domain = who.email.rsplit_once('@').map(|(_, d)| d).ok_or(Refusal::NoAccount)?;
    let lender = client::Entity::find()
        .filter(client::Column::SsoDomain.eq(domain))
        .one(&state.db)
        .await?
        .ok_or(Refusal::NoAccount)?;
    let txn = portal_db::begin_write(&state.db).await?;
    if accounts::find(&txn, &who.email).await?.is_some() {
        return Err(Refusal::NoAccount);
    }
    let new = NewUser {
        username: who.email.clone(),
        user_type: UserType::Client,
        email: who.email.clone(),
        first_name: who.first_name.clone(),
        last_name: who.last_name.clone(),
        password: format!("{}Aa1!", random_token()),
        company_id: None,
    };
    let user = accounts::create(&txn, new).await?;
    client_user::ActiveModel {
        user_id: Set(user.id),
        client_id: Set(lender.id),
        role: Set(ClientRole::Viewer.name().into()),
        branch_id: Set(None),
    }
    .insert(&txn)
    .await?;
    joined(&txn, &user, &lender, ip).await?;
    txn.commit().await?;
    Ok(user)
}

async fn joined(
    db: &impl ConnectionTrait,
    user: &security_user::Model,
    lender: &client::Model,
    ip: &str,
) -> AppResult<()> {
    let detail = format!(
        "user {} ({}) joined client {} as viewer by single sign-on",
        user.id, user.login_id, lender.id
    );
    let entry = AuditEntry {
        action: "client_user.joined",
        actor: Some(user.id),
        subject: Some(user.id),
        detail: Some(detail),
        ip: Some(ip),
    };
    audit::record(db, entry).await.map(|_| ())
}

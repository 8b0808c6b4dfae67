//! The enterprise payment platform (EPP) behind one trait (docs/domain.md#payments-and-epp), and
//! the real platform's HTTP API. The built-in sandbox (the default, `payments::sandbox`) plays the
//! platform locally so onboarding works offline; configuration picks one (`PORTAL_EPP_PROVIDER`,
//! `payments::epp_from_config`).
use chrono::{DateTime, Utc};
use portal_db::entities::appraiser_profile;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The appraiser an EPP call is about.
#[derive(Debug, Clone)]
pub struct EppAppraiser {
    pub security_user_id: i32,
    pub email: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// The party id the portal stored at onboarding, if any.
    pub party_id: Option<String>,
}

impl EppAppraiser {
    /// The reference the platform files the appraiser under.
    pub fn reference(&self) -> String {
        format!("appraiser-{}", self.security_user_id)
    }
}

/// A one-time onboarding token and the page that takes it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnboardingLink {
    pub token: String,
    /// Opened in a new tab; relative for the sandbox (served by the portal itself).
    pub onboarding_url: String,
}

/// The party the platform keeps for an onboarded appraiser (the fields the EPP tab shows).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EppPartyData {
    pub party_id: String,
    pub company_name: Option<String>,
    pub vendor_name: Option<String>,
    pub payment_status: Option<String>,
    /// A W9 is linked to the party; the W9 address is then known.
    pub is_linked: bool,
    pub street_address: Option<String>,
    pub state: Option<String>,
    pub city: Option<String>,
    pub zip: Option<String>,
    pub onboarded_at: Option<DateTime<Utc>>,
}

/// The party data stored on a profile, if the appraiser onboarded.
pub fn stored_party(p: &appraiser_profile::Model) -> Option<EppPartyData> {
    Some(EppPartyData {
        party_id: p.epp_party_id.clone()?,
        company_name: p.epp_company_name.clone(),
        vendor_name: p.epp_vendor_name.clone(),
        payment_status: p.epp_payment_status.clone(),
        is_linked: p.epp_is_linked,
        street_address: p.epp_street_address.clone(),
        state: p.epp_state.clone(),
        city: p.epp_city.clone(),
        zip: p.epp_zip.clone(),
        onboarded_at: p.epp_onboarded_at,
    })
}

#[derive(Debug, thiserror::Error)]
pub enum EppError {
    #[error("the payment platform could not be reached: {0}")]
    Unreachable(String),
    #[error("the payment platform answered {0}")]
    Status(u16),
    #[error("the payment platform's answer was not understood: {0}")]
    BadAnswer(String),
    #[error("{0}")]
    Database(String),
    #[error("No payment platform is configured.")]
    NotConfigured,
}

impl From<EppError> for crate::platform::http::error::AppError {
    fn from(e: EppError) -> Self {
        match e {
            EppError::NotConfigured => {
                crate::platform::http::error::AppError::Conflict(e.to_string())
            }
            e => crate::platform::http::error::AppError::internal("payment platform", &e),
        }
    }
}

impl From<sea_orm::DbErr> for EppError {
    fn from(e: sea_orm::DbErr) -> Self {
        EppError::Database(e.to_string())
    }
}

#[async_trait::async_trait]
pub trait EppPlatform: Send + Sync {
    /// A link where the onboarded appraiser views their party profile on the platform.
    async fn party_access_url(
        &self,
        appraiser: &EppAppraiser,
        party_id: &str,
    ) -> Result<String, EppError>;
    /// Starts onboarding: a one-time token and the platform page that takes it.
    async fn onboard_token(&self, appraiser: &EppAppraiser) -> Result<OnboardingLink, EppError>;
    /// The appraiser's party on the platform, or None while they have not onboarded.
    async fn party_information(
        &self,
        appraiser: &EppAppraiser,
    ) -> Result<Option<EppPartyData>, EppError>;
}

/// No platform configured: nobody is onboarded and onboarding says so (409).
pub struct NoEpp;

#[async_trait::async_trait]
impl EppPlatform for NoEpp {
    async fn party_access_url(&self, _: &EppAppraiser, _: &str) -> Result<String, EppError> {
        Err(EppError::NotConfigured)
    }

    async fn onboard_token(&self, _: &EppAppraiser) -> Result<OnboardingLink, EppError> {
        Err(EppError::NotConfigured)
    }

    async fn party_information(&self, _: &EppAppraiser) -> Result<Option<EppPartyData>, EppError> {
        Ok(None)
    }
}

/// The platform configuration names (validated in `Config::validate`).
pub const PROVIDER_SANDBOX: &str = "sandbox";
pub const PROVIDER_HTTP: &str = "http";

/// The real platform's API: JSON over HTTPS with the API key as a bearer token.
///
/// - `POST {base}/v1/onboarding-tokens` `{externalReference, email, firstName, lastName}`
///   -> `{token, onboardingUrl}`
/// - `GET {base}/v1/parties?externalReference=...` -> the party (404: not onboarded)
/// - `POST {base}/v1/parties/{partyId}/access-links` -> `{url}`
pub struct HttpEpp {
    base: String,
    key: String,
    client: reqwest::Client,
}

/// The platform's party as its API sends it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ApiParty {
    party_id: String,
    company_name: Option<String>,
    vendor_name: Option<String>,
    payment_status: Option<String>,
    #[serde(default)]
    is_linked: bool,
    w9_address: Option<ApiAddress>,
    onboarded_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ApiAddress {
    street_address: Option<String>,
    city: Option<String>,
    state: Option<String>,
    zip: Option<String>,
}

#[derive(Debug, Deserialize)]
struct ApiUrl {
    url: String,
}

impl HttpEpp {
    pub fn new(base: &str, key: &str) -> HttpEpp {
        let client = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(15))
            .build()
            .expect("HTTP client");
        HttpEpp { base: base.trim_end_matches('/').to_string(), key: key.to_string(), client }
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Result<reqwest::Response, EppError> {
        request
            .bearer_auth(&self.key)
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .await
            .map_err(|e| EppError::Unreachable(e.to_string()))
    }

    async fn json<T: serde::de::DeserializeOwned>(
        response: reqwest::Response,
    ) -> Result<T, EppError> {
        if !response.status().is_success() {
            return Err(EppError::Status(response.status().as_u16()));
        }
        response.json().await.map_err(|e| EppError::BadAnswer(e.to_string()))
    }
}

#[async_trait::async_trait]
impl EppPlatform for HttpEpp {
    async fn party_access_url(&self, _: &EppAppraiser, party_id: &str) -> Result<String, EppError> {
        let url = format!("{}/v1/parties/{}/access-links", self.base, urlencode(party_id));
        let answer: ApiUrl =
            Self::json(self.send(self.client.post(url).json(&serde_json::json!({}))).await?)
                .await?;
        Ok(answer.url)
    }

    async fn onboard_token(&self, a: &EppAppraiser) -> Result<OnboardingLink, EppError> {
        let body = serde_json::json!({
            "externalReference": a.reference(),
            "email": a.email,
            "firstName": a.first_name,
            "lastName": a.last_name,
        });
        Self::json(
            self.send(self.client.post(format!("{}/v1/onboarding-tokens", self.base)).json(&body))
                .await?,
        )
        .await
    }

    async fn party_information(&self, a: &EppAppraiser) -> Result<Option<EppPartyData>, EppError> {
        let request = self
            .client
            .get(format!("{}/v1/parties", self.base))
            .query(&[("externalReference", a.reference())]);
        let response = self.send(request).await?;
        if response.status() == reqwest::StatusCode::NOT_FOUND {
            return Ok(None);
        }
        let p: ApiParty = Self::json(response).await?;
        let address = p.w9_address.unwrap_or(ApiAddress {
            street_address: None,
            city: None,
            state: None,
            zip: None,
        });
        Ok(Some(EppPartyData {
            party_id: p.party_id,
            company_name: p.company_name,
            vendor_name: p.vendor_name,
            payment_status: p.payment_status,
            is_linked: p.is_linked,
            street_address: address.street_address,
            state: address.state,
            city: address.city,
            zip: address.zip,
            onboarded_at: p.onboarded_at,
        }))
    }
}

fn urlencode(segment: &str) -> String {
    segment
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            other => format!("%{other:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    //! HttpEpp against a local stub of the platform's API (the real platform cannot be reached
    //! from here): the requests it builds and how it reads the answers.
    use std::sync::{Arc, Mutex};

    use axum::extract::{Path, Query, State};
    use axum::http::{HeaderMap, StatusCode};
    use axum::routing::{get, post};
    use axum::{Json, Router};
    use serde_json::{Value, json};

    use super::*;

    #[derive(Default)]
    struct Seen {
        requests: Mutex<Vec<(String, Option<String>, Value)>>,
    }

    type Shared = Arc<Seen>;

    fn auth(headers: &HeaderMap) -> Option<String> {
        headers.get("authorization").and_then(|v| v.to_str().ok()).map(str::to_string)
    }

    async fn tokens(
        State(seen): State<Shared>,
        headers: HeaderMap,
        Json(body): Json<Value>,
    ) -> Json<Value> {
        seen.requests.lock().unwrap().push((
            "POST /v1/onboarding-tokens".into(),
            auth(&headers),
            body,
        ));
        Json(json!({"token": "tok-1", "onboardingUrl": "https://epp.example/onboard?t=tok-1"}))
    }

    async fn parties(
        State(seen): State<Shared>,
        headers: HeaderMap,
        Query(q): Query<std::collections::HashMap<String, String>>,
    ) -> (StatusCode, Json<Value>) {
        let reference = q.get("externalReference").cloned().unwrap_or_default();
        seen.requests.lock().unwrap().push((
            "GET /v1/parties".into(),
            auth(&headers),
            json!({"externalReference": reference}),
        ));
        if reference != "appraiser-7" {
            return (StatusCode::NOT_FOUND, Json(json!({"error": "no party"})));
        }
        (
            StatusCode::OK,
            Json(json!({
                "partyId": "P 42/x",
                "companyName": "Avery Appraisals LLC",
                "vendorName": "AVERY-001",
                "paymentStatus": "Active",
                "isLinked": true,
                "w9Address": {
                    "streetAddress": "1 Main St",
                    "city": "Austin",
                    "state": "TX",
                    "zip": "78701"
                },
                "onboardedAt": "2026-01-02T03:04:05Z",
                "somethingNew": 1
            })),
        )
    }

    async fn access(
        State(seen): State<Shared>,
        headers: HeaderMap,
        Path(party): Path<String>,
    ) -> Json<Value> {
        seen.requests.lock().unwrap().push((
            format!("POST /v1/parties/{party}/access-links"),
            auth(&headers),
            Value::Null,
        ));
        Json(json!({"url": format!("https://epp.example/parties/{party}")}))
    }

    async fn stub() -> (String, Shared) {
        let seen: Shared = Arc::default();
        let app = Router::new()
            .route("/api/v1/onboarding-tokens", post(tokens))
            .route("/api/v1/parties", get(parties))
            .route("/api/v1/parties/{party}/access-links", post(access))
            .route("/broken/v1/parties", get(|| async { "not json" }))
            .route(
                "/failing/v1/onboarding-tokens",
                post(|| async { StatusCode::SERVICE_UNAVAILABLE }),
            )
            .with_state(seen.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (format!("http://{addr}"), seen)
    }

    fn appraiser(id: i32) -> EppAppraiser {
        EppAppraiser {
            security_user_id: id,
            email: "a@example.com".into(),
            first_name: Some("Avery".into()),
            last_name: None,
            party_id: None,
        }
    }

    #[tokio::test]
    async fn http_client_builds_requests_and_reads_answers() {
        let (base, seen) = stub().await;
        let epp = HttpEpp::new(&format!("{base}/api/"), "secret-key");

        let link = epp.onboard_token(&appraiser(7)).await.unwrap();
        assert_eq!(link.token, "tok-1");
        assert_eq!(link.onboarding_url, "https://epp.example/onboard?t=tok-1");

        let party = epp.party_information(&appraiser(7)).await.unwrap().expect("a party");
        assert_eq!(party.party_id, "P 42/x");
        assert_eq!(party.company_name.as_deref(), Some("Avery Appraisals LLC"));
        assert!(party.is_linked);
        assert_eq!(
            (
                party.street_address.as_deref(),
                party.city.as_deref(),
                party.state.as_deref(),
                party.zip.as_deref()
            ),
            (Some("1 Main St"), Some("Austin"), Some("TX"), Some("78701"))
        );
        assert_eq!(party.onboarded_at.unwrap().to_rfc3339(), "2026-01-02T03:04:05+00:00");
        assert_eq!(
            epp.party_information(&appraiser(8)).await.unwrap(),
            None,
            "404 is 'not onboarded'"
        );

        let url = epp.party_access_url(&appraiser(7), "P 42/x").await.unwrap();
        assert_eq!(url, "https://epp.example/parties/P 42/x");

        let requests = seen.requests.lock().unwrap().clone();
        assert_eq!(requests.len(), 4);
        for (_, authorization, _) in &requests {
            assert_eq!(authorization.as_deref(), Some("Bearer secret-key"));
        }
        assert_eq!(requests[0].0, "POST /v1/onboarding-tokens");
        assert_eq!(
            requests[0].2,
            json!({
                "externalReference": "appraiser-7",
                "email": "a@example.com",
                "firstName": "Avery",
                "lastName": null
            })
        );
        assert_eq!(requests[1].2, json!({"externalReference": "appraiser-7"}));
        assert_eq!(
            requests[3].0, "POST /v1/parties/P 42/x/access-links",
            "the party id is one escaped path segment"
        );
    }

    #[tokio::test]
    async fn http_client_reports_failures() {
        let (base, _) = stub().await;
        let broken = HttpEpp::new(&format!("{base}/broken"), "k");
        assert!(matches!(
            broken.party_information(&appraiser(7)).await,
            Err(EppError::BadAnswer(_))
        ));
        let failing = HttpEpp::new(&format!("{base}/failing"), "k");
        assert!(matches!(failing.onboard_token(&appraiser(7)).await, Err(EppError::Status(503))));
        let nowhere = HttpEpp::new("http://127.0.0.1:9", "k");
        assert!(matches!(
            nowhere.onboard_token(&appraiser(7)).await,
            Err(EppError::Unreachable(_))
        ));
    }
}

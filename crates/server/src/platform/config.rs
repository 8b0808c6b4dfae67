//! Configuration: defaults, then an optional TOML file, then `PORTAL_*` environment variables.
use std::net::SocketAddr;
use std::path::Path;

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use portal_db::Backend;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// Address and port to listen on.
    pub bind: String,
    /// `sqlite://path?mode=rwc` (default) or `postgres://user:pass@host/db`.
    pub database_url: String,
    /// Largest database pool per server.
    pub database_max_connections: u32,
    /// Folder for uploaded files (default `./data/files`) or `s3://bucket/prefix`.
    pub storage_url: String,
    /// For `s3://` storage: endpoint of an S3-compatible service (empty: AWS), region and keys.
    pub storage_s3_endpoint: String,
    pub storage_s3_region: String,
    pub storage_s3_access_key_id: String,
    pub storage_s3_secret_access_key: String,
    /// Largest single uploaded file, in bytes.
    pub max_upload_bytes: u64,
    /// Largest XML of a report's data file, in bytes (UCDP's limit: 15 MB).
    pub max_data_file_xml_bytes: usize,
    /// Largest report PDF whose text the fair-language screening reads, in bytes.
    pub max_screened_pdf_bytes: u64,
    /// Mark cookies Secure (set it when the portal is served over HTTPS).
    pub cookie_secure: bool,
    /// The address users reach the portal at, used in e-mailed links.
    pub public_url: String,
    /// Minutes of inactivity after which a session ends.
    pub session_idle_minutes: i64,
    /// Hours after sign-in after which a session ends regardless of activity.
    pub session_max_hours: i64,
    /// Take the client address from X-Forwarded-For (only behind a trusted load balancer).
    pub trust_forwarded_for: bool,
    /// Failed sign-ins allowed per account, and per client address, within the window.
    pub login_failures_per_account: i32,
    pub login_failures_per_address: i32,
    pub login_failure_window_minutes: i64,
    /// Business time zone for "today" and "overdue".
    pub company_time_zone: String,
    pub support_email: String,
    pub support_phone: String,
    pub technical_support_email: String,
    /// The orders team's mailbox: hears about what staff must act on (rejections, conditions,
    /// appraisers' messages, reschedules, orders that are not on time).
    pub orders_team_email: String,
    /// The company's pay-by rule for states without one of their own: days from an event of the
    /// order, `report` (the report received), `completion` or `delivery`.
    pub pay_by_default_days: i64,
    pub pay_by_default_event: String,
    /// Who issues the invoices, credit notes and statements: the company's name and address.
    pub billing_name: String,
    pub billing_address: String,
    pub sign_up_url: String,
    pub map_tile_url: String,
    /// `smtp://host:port`, `smtp://user:pass@host:587?tls=required` (STARTTLS) or
    /// `smtps://host:465`. Empty: e-mails are written to the log (development).
    pub smtp_url: String,
    /// Sender address of every e-mail.
    pub mail_from: String,
    /// `log` (development), `twilio` (Twilio's Messages API), or `http` (the portal's own adapter
    /// contract: POST to sms_url with sms_key as a bearer token).
    pub sms_provider: String,
    pub twilio_account_sid: String,
    pub twilio_auth_token: String,
    /// The sending number (E.164) or messaging service of the Twilio account.
    pub twilio_from: String,
    pub twilio_api_url: String,
    pub sms_url: String,
    pub sms_key: String,
    /// How often each server looks for outbox messages to deliver.
    pub outbox_poll_millis: u64,
    /// How long a sender holds the messages it took before another copy may send them (a copy
    /// that died holding them gives them up only then).
    pub outbox_claim_seconds: u64,
    /// On SIGTERM, how long requests in flight may take to finish before the server exits.
    pub shutdown_grace_seconds: u64,
    /// API requests one server works on at once; more get 503 with Retry-After at once instead of
    /// queueing for the database pool into a timeout.
    pub max_concurrent_requests: usize,
    /// Calls each public API key may make per minute on each copy (429 with Retry-After beyond).
    pub api_requests_per_minute: u32,
    /// Development and tests only: webhooks may go to http URLs and loopback or private addresses
    /// (never link-local or cloud metadata addresses).
    pub webhooks_allow_private: bool,
    /// How long a copy holds a webhook delivery it is sending before another copy may take it.
    pub webhook_claim_seconds: u64,
    /// Bearer token a Prometheus scraper on another machine sends for `/metrics` (empty: only
    /// this machine may read it).
    pub metrics_token: String,
    /// Single sign-on with an OpenID Connect provider: its issuer URL (empty: off), and the
    /// portal's client id and secret registered there. The callback is
    /// `<public_url>/api/auth/oidc/callback`.
    pub oidc_issuer: String,
    pub oidc_client_id: String,
    pub oidc_client_secret: String,
    /// The provider's name on the sign-in page: "Sign in with <name>".
    pub oidc_name: String,
    /// Enterprise payment platform: `none`, `sandbox` (built in, for the demo and tests) or
    /// `http` (the platform's API at epp_url, with epp_api_key as a bearer token). Left empty:
    /// `sandbox` with demo data, else `none`.
    pub epp_provider: String,
    pub epp_url: String,
    pub epp_api_key: String,
    /// Where new orders are placed on the map: `zip` (the ZIP code's centre, built in), `census`
    /// (the U.S. Census Bureau's geocoder, at geocoder_url when given) or `http` (an address
    /// service of the portal's own adapter contract at geocoder_url); the last two fall back to
    /// the ZIP centre when they find nothing.
    pub geocoder: String,
    pub geocoder_url: String,
    /// Borrowers' card payments: `none` (no payment links; orders are not held for payment),
    /// `sandbox` (the built-in test checkout, for the demo and tests) or `stripe`. Left empty:
    /// `sandbox` with demo data, else `none`.
    pub card_provider: String,
    /// 32 bytes in base64: seals appraisers' tax numbers at rest. Empty: they cannot be stored.
    pub data_key: String,
    /// Earlier data keys (comma-separated), still read after a rotation.
    pub data_keys_old: String,
    /// Year totals at or above this are reported on a 1099-NEC ($2,000 for payments made from
    /// 2026 on).
    pub nec_threshold_cents: i64,
    pub stripe_secret_key: String,
    pub stripe_webhook_secret: String,
    pub stripe_api_url: String,
}

pub const CARD_NONE: &str = "none";
pub const CARD_SANDBOX: &str = "sandbox";
pub const CARD_STRIPE: &str = "stripe";

impl Default for Config {
    fn default() -> Self {
        Config {
            bind: "127.0.0.1:8080".into(),
            database_url: "sqlite://./data/portal.db?mode=rwc".into(),
            database_max_connections: 16,
            storage_url: "./data/files".into(),
            storage_s3_endpoint: String::new(),
            storage_s3_region: "us-east-1".into(),
            storage_s3_access_key_id: String::new(),
            storage_s3_secret_access_key: String::new(),
            max_upload_bytes: 100 * 1024 * 1024,
            max_data_file_xml_bytes: 15 * 1024 * 1024,
            max_screened_pdf_bytes: 25 * 1024 * 1024,
            cookie_secure: false,
            public_url: "http://127.0.0.1:8080".into(),
            session_idle_minutes: 60,
            session_max_hours: 12,
            trust_forwarded_for: false,
            login_failures_per_account: 5,
            login_failures_per_address: 30,
            login_failure_window_minutes: 15,
            company_time_zone: "America/Chicago".into(),
            support_email: "support@appraisalportal.example".into(),
            support_phone: "(800) 555-0142".into(),
            technical_support_email: "it-support@appraisalportal.example".into(),
            orders_team_email: "orders@appraisalportal.example".into(),
            pay_by_default_days: 30,
            pay_by_default_event: "delivery".into(),
            billing_name: "Appraisal Portal AMC".into(),
            billing_address: "100 Congress Ave, Suite 400, Austin, TX 78701".into(),
            sign_up_url: "https://careers.appraisalportal.example/appraisers".into(),
            map_tile_url: "https://server.arcgisonline.com/ArcGIS/rest/services/\
                           World_Imagery/MapServer/tile/{z}/{y}/{x}"
                .into(),
            smtp_url: String::new(),
            mail_from: "Appraisal Portal <no-reply@appraisalportal.example>".into(),
            sms_provider: "log".into(),
            oidc_issuer: String::new(),
            oidc_client_id: String::new(),
            oidc_client_secret: String::new(),
            oidc_name: "Single Sign-On".into(),
            sms_url: String::new(),
            sms_key: String::new(),
            twilio_account_sid: String::new(),
            twilio_auth_token: String::new(),
            twilio_from: String::new(),
            twilio_api_url: "https://api.twilio.com".into(),
            outbox_poll_millis: 1000,
            outbox_claim_seconds: 120,
            shutdown_grace_seconds: 30,
            metrics_token: String::new(),
            max_concurrent_requests: 128,
            api_requests_per_minute: 600,
            webhooks_allow_private: false,
            webhook_claim_seconds: 60,
            epp_provider: String::new(),
            epp_url: String::new(),
            epp_api_key: String::new(),
            geocoder: "zip".into(),
            geocoder_url: String::new(),
            card_provider: String::new(),
            data_key: String::new(),
            data_keys_old: String::new(),
            nec_threshold_cents: 200_000,
            stripe_secret_key: String::new(),
            stripe_webhook_secret: String::new(),
            stripe_api_url: "https://api.stripe.com".into(),
        }
    }
}

impl Config {
    /// Reads the configuration; `file` defaults to `portal.toml` when that exists.
    pub fn load(file: Option<&Path>) -> Result<Config, String> {
        let mut figment = Figment::from(Serialized::defaults(Config::default()));
        match file {
            Some(path) if !path.exists() => {
                return Err(format!("configuration file {} does not exist", path.display()));
            }
            Some(path) => figment = figment.merge(Toml::file(path)),
            None => figment = figment.merge(Toml::file("portal.toml")),
        }
        let config: Config = figment
            .merge(Env::prefixed("PORTAL_").ignore(&["test_postgres_url", "bin", "e2e_url"]))
            .extract()
            .map_err(|e| e.to_string().replace('\n', " "))?;
        config.validate()?;
        Ok(config)
    }

    pub fn validate(&self) -> Result<(), String> {
        self.bind_addr()?;
        if Backend::of_url(&self.database_url).is_none() {
            return Err(format!(
                "PORTAL_DATABASE_URL must start with sqlite: or postgres:// (got '{}')",
                self.database_url
            ));
        }
        if !(self.public_url.starts_with("http://") || self.public_url.starts_with("https://")) {
            return Err(format!(
                "PORTAL_PUBLIC_URL must be an http(s) address (got '{}')",
                self.public_url
            ));
        }
        self.time_zone()?;
        for (name, value) in [
            ("PORTAL_SESSION_IDLE_MINUTES", self.session_idle_minutes),
            ("PORTAL_SESSION_MAX_HOURS", self.session_max_hours),
            ("PORTAL_LOGIN_FAILURE_WINDOW_MINUTES", self.login_failure_window_minutes),
            ("PORTAL_PAY_BY_DEFAULT_DAYS", self.pay_by_default_days),
        ] {
            if value <= 0 {
                return Err(format!("{name} must be a positive number (got {value})"));
            }
        }
        if !(self.smtp_url.is_empty()
            || self.smtp_url.starts_with("smtp://")
            || self.smtp_url.starts_with("smtps://"))
        {
            return Err("PORTAL_SMTP_URL must start with smtp:// or smtps://".into());
        }
        if self.mail_from.parse::<lettre::message::Mailbox>().is_err() {
            return Err(format!(
                "PORTAL_MAIL_FROM must be an e-mail address such as Portal <no-reply@example.com> \
                 (got '{}')",
                self.mail_from
            ));
        }
        if self.orders_team_email.parse::<lettre::Address>().is_err() {
            return Err(format!(
                "PORTAL_ORDERS_TEAM_EMAIL must be an e-mail address (got '{}')",
                self.orders_team_email
            ));
        }
        if !["report", "completion", "delivery"].contains(&self.pay_by_default_event.as_str()) {
            return Err(format!(
                "PORTAL_PAY_BY_DEFAULT_EVENT must be report, completion or delivery (got '{}')",
                self.pay_by_default_event
            ));
        }
        match self.sms_provider.as_str() {
            "log" => {}
            "http" if self.sms_url.starts_with("http") => {}
            "http" => {
                return Err(
                    "PORTAL_SMS_URL must be an http(s) address when PORTAL_SMS_PROVIDER is http"
                        .into(),
                );
            }
            "twilio"
                if !self.twilio_account_sid.is_empty()
                    && !self.twilio_auth_token.is_empty()
                    && !self.twilio_from.is_empty()
                    && self.twilio_api_url.starts_with("http") => {}
            "twilio" => {
                return Err("PORTAL_TWILIO_ACCOUNT_SID, PORTAL_TWILIO_AUTH_TOKEN, \
                            PORTAL_TWILIO_FROM and an http(s) PORTAL_TWILIO_API_URL \
                            are needed when PORTAL_SMS_PROVIDER is twilio"
                    .into());
            }
            other => {
                return Err(format!(
                    "PORTAL_SMS_PROVIDER must be log, twilio or http (got '{other}')"
                ));
            }
        }
        match self.card_provider.as_str() {
            "" | CARD_NONE | CARD_SANDBOX => {}
            CARD_STRIPE
                if !self.stripe_secret_key.is_empty()
                    && !self.stripe_webhook_secret.is_empty()
                    && self.stripe_api_url.starts_with("http") => {}
            CARD_STRIPE => {
                return Err("PORTAL_STRIPE_SECRET_KEY, PORTAL_STRIPE_WEBHOOK_SECRET and \
                            an http(s) PORTAL_STRIPE_API_URL are needed \
                            when PORTAL_CARD_PROVIDER is stripe"
                    .into());
            }
            other => {
                return Err(format!(
                    "PORTAL_CARD_PROVIDER must be none, sandbox or stripe (got '{other}')"
                ));
            }
        }
        let oidc_complete = self.oidc_issuer.starts_with("http")
            && !self.oidc_client_id.is_empty()
            && !self.oidc_client_secret.is_empty();
        if !self.oidc_issuer.is_empty() && !oidc_complete {
            return Err(
                "PORTAL_OIDC_ISSUER must be an http(s) address, with PORTAL_OIDC_CLIENT_ID \
                        and PORTAL_OIDC_CLIENT_SECRET, for single sign-on"
                    .into(),
            );
        }
        match self.epp_provider.as_str() {
            "" | "none" | "sandbox" => {}
            "http" if self.epp_url.starts_with("http") && !self.epp_api_key.is_empty() => {}
            "http" => {
                return Err("PORTAL_EPP_URL (an http(s) address) and PORTAL_EPP_API_KEY \
                            are needed when PORTAL_EPP_PROVIDER is http"
                    .into());
            }
            other => {
                return Err(format!(
                    "PORTAL_EPP_PROVIDER must be none, sandbox or http (got '{other}')"
                ));
            }
        }
        match self.geocoder.as_str() {
            "zip" => {}
            "census" if self.geocoder_url.is_empty() || self.geocoder_url.starts_with("http") => {}
            "census" => {
                return Err("PORTAL_GEOCODER_URL must be an http(s) address (or left out) \
                            when PORTAL_GEOCODER is census"
                    .into());
            }
            "http" if self.geocoder_url.starts_with("http") => {}
            "http" => {
                return Err(
                    "PORTAL_GEOCODER_URL must be an http(s) address when PORTAL_GEOCODER is http"
                        .into(),
                );
            }
            other => {
                return Err(format!("PORTAL_GEOCODER must be zip, census or http (got '{other}')"));
            }
        }
        crate::platform::sealed::DataKeys::from_config(&self.data_key, &self.data_keys_old)?;
        if self.nec_threshold_cents < 0 {
            return Err("PORTAL_NEC_THRESHOLD_CENTS must not be negative".into());
        }
        if self.database_max_connections == 0 {
            return Err("PORTAL_DATABASE_MAX_CONNECTIONS must be at least 1".into());
        }
        Ok(())
    }

    /// The providers left unchosen: the built-in sandboxes with demo data, none otherwise.
    pub fn with_provider_defaults(mut self, demo: bool) -> Config {
        let unchosen = if demo { CARD_SANDBOX } else { CARD_NONE };
        for provider in [&mut self.card_provider, &mut self.epp_provider] {
            if provider.is_empty() {
                *provider = unchosen.into();
            }
        }
        self
    }

    /// Borrowers can be asked to pay by card (a card provider is configured).
    pub fn card_payments(&self) -> bool {
        !matches!(self.card_provider.as_str(), "" | CARD_NONE)
    }

    pub fn bind_addr(&self) -> Result<SocketAddr, String> {
        self.bind.parse().map_err(|_| {
            format!(
                "PORTAL_BIND must be an address and port such as 127.0.0.1:8080 (got '{}')",
                self.bind
            )
        })
    }

    /// An address of the portal for e-mails, texts and feeds: the public URL and `path` (which
    /// starts with '/').
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.public_url.trim_end_matches('/'))
    }

    /// Staff's page of order `id`.
    pub fn staff_order_link(&self, id: i64) -> String {
        self.link(&format!("/staff/orderdetails/{id}"))
    }

    /// The client's page of order `id`.
    pub fn client_order_link(&self, id: i64) -> String {
        self.link(&format!("/client/orders/{id}"))
    }

    pub fn time_zone(&self) -> Result<chrono_tz::Tz, String> {
        self.company_time_zone.parse().map_err(|_| {
            format!(
                "PORTAL_COMPANY_TIME_ZONE must be an IANA time zone such as America/Chicago \
                 (got '{}')",
                self.company_time_zone
            )
        })
    }

    /// Today in the company's time zone (business dates: licences, due dates).
    pub fn today(&self) -> Result<chrono::NaiveDate, String> {
        Ok(chrono::Utc::now().with_timezone(&self.time_zone()?).date_naive())
    }

    /// The SQLite file's folder, created before connecting so a fresh checkout just works.
    pub fn ensure_local_folders(&self) -> std::io::Result<()> {
        if let Some(path) = self
            .database_url
            .strip_prefix("sqlite://")
            .or(self.database_url.strip_prefix("sqlite:"))
        {
            let path = path.split('?').next().unwrap_or_default();
            if let Some(parent) = Path::new(path).parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent)?;
            }
        }
        if !self.storage_url.contains("://") {
            std::fs::create_dir_all(&self.storage_url)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid() {
        Config::default().validate().unwrap();
    }

    #[test]
    fn sandboxes_only_with_demo_data_or_when_chosen() {
        let production = Config::default().with_provider_defaults(false);
        assert_eq!(
            (production.card_provider.as_str(), production.epp_provider.as_str()),
            ("none", "none")
        );
        assert!(!production.card_payments());
        let demo = Config::default().with_provider_defaults(true);
        assert_eq!(
            (demo.card_provider.as_str(), demo.epp_provider.as_str()),
            ("sandbox", "sandbox")
        );
        let chosen = Config { card_provider: "none".into(), ..Config::default() };
        assert_eq!(chosen.with_provider_defaults(true).card_provider, "none");
    }

    #[test]
    fn bad_values_give_one_clear_line() {
        let bad = [
            Config { bind: "nowhere".into(), ..Config::default() },
            Config { database_url: "mysql://x".into(), ..Config::default() },
            Config { company_time_zone: "Mars/Olympus".into(), ..Config::default() },
            Config { session_idle_minutes: 0, ..Config::default() },
            Config { epp_provider: "http".into(), ..Config::default() },
            Config { epp_provider: "paypal".into(), ..Config::default() },
            Config { card_provider: "paypal".into(), ..Config::default() },
            Config { card_provider: "stripe".into(), ..Config::default() },
            Config { sms_provider: "twilio".into(), ..Config::default() },
        ];
        for config in bad {
            let message = config.validate().unwrap_err();
            assert!(message.starts_with("PORTAL_"), "{message}");
            assert!(!message.contains('\n'));
        }
    }
}

//! Single sign-on against a real OpenID Provider (npm's certified `oidc-provider`, started from
//! web/e2e/identity-provider.mjs): the whole authorization code flow with PKCE, an existing staff
//! account, a new viewer of the client that takes the domain, and every refusal.
use crate::common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use portal::platform::config::Config;
use portal_db::entities::security_user;
use reqwest::StatusCode;
use reqwest::header::LOCATION;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

use common::orders::new_client;
use common::{Db, TestApp};

/// Where the provider sends the browser back: the test follows that step to the test server.
const PORTAL: &str = "http://127.0.0.1:9";
const CALLBACK: &str = "/api/auth/oidc/callback";

struct IdentityProvider {
    child: Child,
    issuer: String,
}

impl Drop for IdentityProvider {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn identity_provider() -> IdentityProvider {
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../web/e2e/identity-provider.mjs");
    let mut child = Command::new("node")
        .arg(&script)
        .arg(PORTAL)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("node runs the OpenID Provider");
    let mut line = String::new();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    stdout.read_line(&mut line).unwrap();
    // Whatever the provider prints later is read and dropped: a closed pipe would stop it.
    std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
    let started: Value = serde_json::from_str(&line)
        .unwrap_or_else(|_| panic!("the provider's issuer (npm ci in web/ first?): {line:?}"));
    IdentityProvider { issuer: started["issuer"].as_str().unwrap().to_string(), child }
}

fn with_provider(issuer: &str) -> impl FnOnce(&mut Config) + '_ {
    move |c| {
        c.public_url = PORTAL.into();
        c.oidc_issuer = issuer.into();
        c.oidc_client_id = "appraisal-portal".into();
        c.oidc_client_secret = "e2e-only-client-secret".into();
        c.oidc_name = "Test Identity".into();
    }
}

/// A browser: keeps cookies, follows redirects except to and from the portal's callback.
fn browser() -> reqwest::Client {
    let policy = reqwest::redirect::Policy::custom(|attempt| {
        let from_callback = attempt.previous().last().is_some_and(|u| u.path() == CALLBACK);
        if attempt.url().path() == CALLBACK || from_callback || attempt.previous().len() > 10 {
            attempt.stop()
        } else {
            attempt.follow()
        }
    });
    reqwest::Client::builder().cookie_store(true).redirect(policy).build().unwrap()
}

/// The action of the provider's form in `html`, as an absolute URL.
fn form_action(issuer: &str, html: &str) -> String {
    let at = html.find("action=\"").expect("a form") + "action=\"".len();
    let action = &html[at..at + html[at..].find('"').unwrap()];
    if action.starts_with("http") { action.to_string() } else { format!("{issuer}{action}") }
}

/// Signs in at the provider as `email` from the portal's start, and answers the portal's answer
/// to the callback (its status and where it sends the browser).
async fn sign_in_as(
    app: &TestApp,
    idp: &IdentityProvider,
    b: &reqwest::Client,
    email: &str,
) -> (StatusCode, String) {
    let login =
        b.get(app.url("/api/auth/oidc/start?returnTo=/staff/dashboard")).send().await.unwrap();
    assert_eq!(login.status(), StatusCode::OK, "the provider's sign-in form");
    let html = login.text().await.unwrap();
    let form = [("prompt", "login"), ("login", email), ("password", "any")];
    let consent = b.post(form_action(&idp.issuer, &html)).form(&form).send().await.unwrap();
    let html = consent.text().await.unwrap();
    let back = b.post(form_action(&idp.issuer, &html)).form(&[("prompt", "consent")]).send().await;
    let back = back.unwrap();
    assert_eq!(back.status(), StatusCode::SEE_OTHER);
    let to = back.headers()[LOCATION].to_str().unwrap().to_string();
    assert!(to.starts_with(&format!("{PORTAL}{CALLBACK}?code=")), "{to}");
    let callback = b.get(app.url(&to[PORTAL.len()..])).send().await.unwrap();
    let location = callback.headers().get(LOCATION).map(|l| l.to_str().unwrap().to_string());
    (callback.status(), location.unwrap_or_default())
}

async fn email_of(app: &TestApp, username: &str) -> String {
    let user = security_user::Entity::find()
        .filter(security_user::Column::LoginId.eq(username))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    user.email
}

async fn signed_in_as(app: &TestApp, b: &reqwest::Client) -> Option<Value> {
    let r = b.get(app.url("/api/auth/logged-in")).send().await.unwrap();
    (r.status() == StatusCode::OK).then_some(r.json().await.unwrap())
}

async fn through_the_provider(db: Db) {
    let idp = identity_provider();
    let Some(app) = TestApp::start_on(db, with_provider(&idp.issuer)).await else { return };
    let config: Value = app.client().get_json("/api/app-config").await;
    assert_eq!(config["singleSignOn"], "Test Identity");

    // Staff: the account whose e-mail matches, with no verification code.
    let email = email_of(&app, "demo.staff").await;
    let b = browser();
    let (status, to) = sign_in_as(&app, &idp, &b, &email.to_uppercase()).await;
    assert_eq!((status, to.as_str()), (StatusCode::SEE_OTHER, "/staff/dashboard"));
    let me = signed_in_as(&app, &b).await.expect("signed in");
    assert_eq!(me["securityUserId"], app.user_id("demo.staff").await);
    let logins =
        "SELECT COUNT(*) FROM audit_log WHERE action = 'login' AND detail = 'single sign-on'";
    assert_eq!(app.count(logins).await, 1);

    // Nobody has the address and no client takes its domain: refused, nobody created.
    let b = browser();
    let (_, to) = sign_in_as(&app, &idp, &b, "new.person@lender.example").await;
    assert_eq!(to, "/login?sso=no-account");
    assert!(signed_in_as(&app, &b).await.is_none());

    // A client that takes the domain gains a viewer on first sign-in.
    let staff = app.signed_in("demo.staff").await;
    let lender = new_client(&staff, "Domain Lender").await;
    let form = json!({"companyName": "Domain Lender", "ssoDomain": "Lender.Example"});
    let r = staff.put(&format!("/api/staff/clients/{lender}"), form).await;
    assert_eq!(r.status(), StatusCode::OK);
    let (_, to) = sign_in_as(&app, &idp, &browser(), "new.person@lender.example").await;
    assert_eq!(to, "/staff/dashboard", "returnTo is kept; the web app sends a client home");
    let joined = "SELECT COUNT(*) FROM client_users cu JOIN security_users u ON u.id = cu.user_id \
                  WHERE u.email = 'new.person@lender.example' AND cu.role = 'viewer'";
    assert_eq!(app.count(joined).await, 1);

    // Appraisers sign in with their password.
    let email = email_of(&app, "demo.appraiser").await;
    let (_, to) = sign_in_as(&app, &idp, &browser(), &email).await;
    assert_eq!(to, "/login?sso=not-offered");
}
on_each_db!(signs_in_through_a_real_provider, through_the_provider);

async fn refusals_without_a_provider(db: Db) {
    // The issuer is down: the sign-in page says so.
    let down = |c: &mut Config| {
        c.oidc_issuer = "http://127.0.0.1:9".into();
        c.oidc_client_id = "portal".into();
        c.oidc_client_secret = "secret".into();
    };
    let Some(app) = TestApp::start_on(db, down).await else { return };
    let b = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let r = b.get(app.url("/api/auth/oidc/start")).send().await.unwrap();
    assert_eq!(r.headers()[LOCATION], "/login?sso=unavailable");
    // A callback the browser did not start, or one the provider refused.
    for query in ["code=abc&state=forged", "error=access_denied&state=x", ""] {
        let r = b.get(app.url(&format!("{CALLBACK}?{query}"))).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::SEE_OTHER);
        assert_eq!(r.headers()[LOCATION], "/login?sso=failed", "{query}");
    }
    let refused = "SELECT COUNT(*) FROM audit_log WHERE action = 'sso_refused'";
    assert_eq!(app.count(refused).await, 3);

    // Off: no button, and the start says so.
    let Some(off) = TestApp::start_on(db, |_| {}).await else { return };
    let config: Value = off.client().get_json("/api/app-config").await;
    assert_eq!(config["singleSignOn"], Value::Null);
    let r = b.get(off.url("/api/auth/oidc/start")).send().await.unwrap();
    assert_eq!(r.headers()[LOCATION], "/login?sso=unavailable");
}
on_each_db!(refuses_what_did_not_check_out, refusals_without_a_provider);

async fn domains_of_clients(db: Db) {
    let Some(app) = TestApp::start_on(db, |_| {}).await else { return };
    let staff = app.signed_in("demo.staff").await;
    let first = new_client(&staff, "First Lender").await;
    let second = new_client(&staff, "Second Lender").await;
    let put = |id: i64, domain: &str| {
        let form = json!({"companyName": if id == first { "First Lender" } else { "Second Lender" },
            "ssoDomain": domain});
        let staff = &staff;
        async move {
            let r = staff.put(&format!("/api/staff/clients/{id}"), form).await;
            let status = r.status();
            let body: Value = r.json().await.unwrap();
            (status, body["message"].as_str().unwrap_or_default().to_string())
        }
    };
    assert_eq!(put(first, " @First.Example ").await.0, StatusCode::OK);
    let (status, said) = put(second, "first.example").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(said, "Another client already signs in with first.example.");
    let (_, said) = put(second, "not a domain").await;
    assert_eq!(
        said,
        "Single sign-on domain must be a domain such as lender.example (got 'not a domain')."
    );
    // A correction that leaves the domain out keeps it; an empty one clears it.
    let keep = json!({"companyName": "First Lender"});
    let r = staff.put(&format!("/api/staff/clients/{first}"), keep).await;
    let kept: Value = r.json().await.unwrap();
    assert_eq!(kept["ssoDomain"], "first.example");
    assert_eq!(put(first, "").await.0, StatusCode::OK);
    assert_eq!(put(second, "first.example").await.0, StatusCode::OK);
}
on_each_db!(client_domains_are_checked_and_unique, domains_of_clients);

//! The rules as data: `GET|POST|PUT /api/staff/fair-language/rules`. Every change is a new version
//! of the rule and of the whole set (the lexicon); findings keep the versions that found them.
use chrono::Utc;
use portal_db::entities::fair_language_rule;
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::screen::{self, MAX_PATTERN, Rule, SEVERITIES};
use crate::platform::audit::{self, AuditEntry};
use crate::platform::call::Call;
use crate::platform::fields::{self, named};
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Json;
use crate::platform::state::AppState;

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(
        list_fair_language_rules,
        add_fair_language_rule,
        change_fair_language_rule
    ))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FairLanguageRule {
    pub id: String,
    /// What the rule looks for, in words.
    pub label: String,
    /// A case-insensitive regular expression.
    pub pattern: String,
    /// `block`, `warn` or `info`.
    pub severity: String,
    /// Where the rule comes from (an address).
    pub source: String,
    pub active: bool,
    /// Edits of this rule, from 1.
    pub version: i32,
    /// The rule set's version when this rule last changed.
    pub lexicon_version: i32,
    pub updated_at: chrono::DateTime<Utc>,
}

impl From<fair_language_rule::Model> for FairLanguageRule {
    fn from(r: fair_language_rule::Model) -> Self {
        FairLanguageRule {
            id: r.id,
            label: r.label,
            pattern: r.pattern,
            severity: r.severity,
            source: r.source,
            active: r.active,
            version: r.version,
            lexicon_version: r.lexicon_version,
            updated_at: r.updated_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Lexicon {
    /// The rule set's version: it grows with every change of any rule.
    pub version: i32,
    pub rules: Vec<FairLanguageRule>,
}

/// A rule as staff write it; `id` names the rule to change (PUT) or the new rule (POST).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleBody {
    #[schema(min_length = 2, max_length = 60, pattern = "^[a-z0-9][a-z0-9._-]*$")]
    pub id: String,
    #[schema(min_length = 1, max_length = 200, pattern = "\\S")]
    pub label: String,
    #[schema(min_length = 1, max_length = 300)]
    pub pattern: String,
    #[schema(pattern = "^(block|warn|info)$")]
    pub severity: String,
    #[schema(min_length = 1, max_length = 300, pattern = "\\S")]
    pub source: String,
    #[serde(default = "active_by_default")]
    pub active: bool,
}

fn active_by_default() -> bool {
    true
}

/// The checked values of a rule body.
struct Checked {
    label: String,
    pattern: String,
    severity: String,
    source: String,
}

fn check(body: &RuleBody) -> AppResult<Checked> {
    let id_ok = (2..=60).contains(&body.id.len())
        && body.id.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && body
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._-".contains(c));
    if !id_ok {
        return Err(named("id", "Rule id").refuse(
            "Rule id is 2 to 60 lowercase letters, digits, dots, dashes or underscores.".into(),
        ));
    }
    let label = fields::required(named("label", "Label"), Some(&body.label), 200)?;
    let source = fields::required(named("source", "Source"), Some(&body.source), 300)?;
    let pattern = fields::required(named("pattern", "Pattern"), Some(&body.pattern), MAX_PATTERN)?;
    if let Err(why) = screen::compile(&pattern) {
        return Err(named("pattern", "Pattern").refuse(format!("Pattern is not valid: {why}.")));
    }
    if screen::compile(&pattern).is_ok_and(|p| p.is_match("")) {
        return Err(named("pattern", "Pattern").refuse("Pattern must not match empty text.".into()));
    }
    if !SEVERITIES.contains(&body.severity.as_str()) {
        return Err(named("severity", "Severity").refuse("Severity is block, warn or info.".into()));
    }
    Ok(Checked { label, pattern, severity: body.severity.clone(), source })
}

/// Every rule, in id order.
pub async fn all(db: &impl ConnectionTrait) -> AppResult<Vec<fair_language_rule::Model>> {
    Ok(fair_language_rule::Entity::find()
        .order_by_asc(fair_language_rule::Column::Id)
        .all(db)
        .await?)
}

/// The rule set's version.
fn version_of(rules: &[fair_language_rule::Model]) -> i32 {
    rules.iter().map(|r| r.lexicon_version).max().unwrap_or(0)
}

/// The rule set's version as stored now.
pub async fn version(db: &impl ConnectionTrait) -> AppResult<i32> {
    Ok(version_of(&all(db).await?))
}

/// The active rules, compiled, and the rule set's version.
pub async fn active(db: &impl ConnectionTrait) -> AppResult<(i32, Vec<Rule>)> {
    let rules = all(db).await?;
    let version = version_of(&rules);
    let compiled = rules
        .into_iter()
        .filter(|r| r.active)
        .filter_map(|r| {
            let pattern = screen::compile(&r.pattern).ok()?;
            Some(Rule { id: r.id, version: r.version, severity: r.severity, pattern })
        })
        .collect();
    Ok((version, compiled))
}

async fn lexicon(db: &impl ConnectionTrait) -> AppResult<Lexicon> {
    let rules = all(db).await?;
    Ok(Lexicon { version: version_of(&rules), rules: rules.into_iter().map(Into::into).collect() })
}

/// The screening rules and the rule set's version.
#[utoipa::path(get, path = "/api/staff/fair-language/rules", tag = "reports",
    responses((status = 200, body = Lexicon), ReadAnswers))]
async fn list_fair_language_rules(Call { state, .. }: Call) -> AppResult<axum::Json<Lexicon>> {
    Ok(axum::Json(lexicon(&state.db).await?))
}

/// Adds a rule (409 when the id is taken); the rule set's version grows.
#[utoipa::path(post, path = "/api/staff/fair-language/rules", tag = "reports",
    request_body = RuleBody,
    responses((status = 200, body = Lexicon), (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse)))]
async fn add_fair_language_rule(
    Call { state, caller }: Call,
    Json(body): Json<RuleBody>,
) -> AppResult<axum::Json<Lexicon>> {
    let checked = check(&body)?;
    let txn = portal_db::begin_write(&state.db).await?;
    if fair_language_rule::Entity::find_by_id(body.id.clone()).one(&txn).await?.is_some() {
        return Err(AppError::Conflict(format!("There is already a rule {}.", body.id)));
    }
    let next = version(&txn).await? + 1;
    write(&txn, caller.id(), &body, checked, 1, next, true).await?;
    txn.commit().await?;
    Ok(axum::Json(lexicon(&state.db).await?))
}

/// Changes a rule (its version and the rule set's grow; findings keep the versions that found
/// them). A rule is never deleted: `active: false` retires it.
#[utoipa::path(put, path = "/api/staff/fair-language/rules", tag = "reports",
    request_body = RuleBody,
    responses((status = 200, body = Lexicon), (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse)))]
async fn change_fair_language_rule(
    Call { state, caller }: Call,
    Json(body): Json<RuleBody>,
) -> AppResult<axum::Json<Lexicon>> {
    let checked = check(&body)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let Some(rule) = fair_language_rule::Entity::find_by_id(body.id.clone()).one(&txn).await?
    else {
        return Err(AppError::NotFound(format!("There is no rule {}.", body.id)));
    };
    let next = version(&txn).await? + 1;
    write(&txn, caller.id(), &body, checked, rule.version + 1, next, false).await?;
    txn.commit().await?;
    Ok(axum::Json(lexicon(&state.db).await?))
}

async fn write(
    db: &impl ConnectionTrait,
    by: i32,
    body: &RuleBody,
    checked: Checked,
    version: i32,
    lexicon_version: i32,
    new: bool,
) -> AppResult<()> {
    let detail = format!(
        "{} v{version} ({}, {}): {}",
        body.id,
        checked.severity,
        if body.active { "active" } else { "retired" },
        checked.pattern
    );
    let row = fair_language_rule::ActiveModel {
        id: Set(body.id.clone()),
        label: Set(checked.label),
        pattern: Set(checked.pattern),
        severity: Set(checked.severity),
        source: Set(checked.source),
        active: Set(body.active),
        version: Set(version),
        lexicon_version: Set(lexicon_version),
        updated_by: Set(Some(by)),
        updated_at: Set(Utc::now()),
    };
    if new {
        row.insert(db).await?
    } else {
        row.update(db).await?
    };
    let entry = AuditEntry {
        action: "fair_language.rule",
        actor: Some(by),
        subject: None,
        detail: Some(detail),
        ip: None,
    };
    audit::record(db, entry).await?;
    Ok(())
}

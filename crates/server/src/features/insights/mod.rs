//! The business at a glance (docs/domain.md#insights): volume, pipeline, turn time, quality and
//! money as charts with the numbers behind them, for the company (`/api/staff/insights/{metric}`)
//! and for each lender over its own orders (`/api/client/insights/{metric}`). Every figure is one
//! query over the orders' figures that the order events keep (`facts`), the invoices or the
//! payments; a weekly e-mail sums the past week up for those who ask for it.
pub mod chart;
pub mod facts;
pub mod filters;
pub mod money;
pub mod orders;
pub mod weekly;

use chrono::Utc;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use self::chart::Insight;
use self::filters::{ClientInsightQuery, Scope, StaffInsightQuery};
use crate::kernel::clients::client_of;
use crate::platform::call::Call;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::{Path, Query};
use crate::platform::state::AppState;

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(staff_insight))
}

pub fn client_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(client_insight))
}

/// The figures an insight can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum InsightMetric {
    Volume,
    Pipeline,
    TurnTime,
    Quality,
    Revenue,
    Receivables,
    AppraiserPay,
}

impl InsightMetric {
    const ALL: [InsightMetric; 7] = [
        InsightMetric::Volume,
        InsightMetric::Pipeline,
        InsightMetric::TurnTime,
        InsightMetric::Quality,
        InsightMetric::Revenue,
        InsightMetric::Receivables,
        InsightMetric::AppraiserPay,
    ];

    pub fn slug(self) -> &'static str {
        match self {
            InsightMetric::Volume => "volume",
            InsightMetric::Pipeline => "pipeline",
            InsightMetric::TurnTime => "turn-time",
            InsightMetric::Quality => "quality",
            InsightMetric::Revenue => "revenue",
            InsightMetric::Receivables => "receivables",
            InsightMetric::AppraiserPay => "appraiser-pay",
        }
    }

    /// The metric named `slug` among those `offered` (404 otherwise).
    fn named(slug: &str, offered: &[InsightMetric]) -> AppResult<InsightMetric> {
        InsightMetric::ALL
            .into_iter()
            .find(|m| m.slug() == slug && offered.contains(m))
            .ok_or_else(|| AppError::NotFound("No such insight.".into()))
    }

    /// What a lender sees: never appraiser fees, margins or payments.
    const FOR_CLIENTS: [InsightMetric; 5] = [
        InsightMetric::Volume,
        InsightMetric::Pipeline,
        InsightMetric::TurnTime,
        InsightMetric::Quality,
        InsightMetric::Receivables,
    ];
}

/// One insight of the company's business, over the range and filters given.
#[utoipa::path(
    get,
    path = "/api/staff/insights/{metric}",
    tag = "staff",
    params(
        ("metric" = inline(InsightMetric), Path, description = "Which insight"),
        StaffInsightQuery
    ),
    responses(
        (status = 200, body = Insight),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn staff_insight(
    Call { state, .. }: Call,
    Path(metric): Path<String>,
    Query(q): Query<StaffInsightQuery>,
) -> AppResult<axum::Json<Insight>> {
    let metric = InsightMetric::named(&metric, &InsightMetric::ALL)?;
    let scope = Scope::of_staff(q, state.config.today().map_err(AppError::Internal)?)?;
    Ok(axum::Json(insight(&state.db, metric, &scope, true).await?))
}

/// One insight over the lender's own orders (a branch's for a branch manager), never another
/// client's, and never appraiser fees or margins; its invoices only for its administrators.
#[utoipa::path(
    get,
    path = "/api/client/insights/{metric}",
    tag = "client",
    params(
        (
            "metric" = inline(InsightMetric),
            Path,
            description = "Which insight (not revenue or appraiser-pay)"
        ),
        ClientInsightQuery
    ),
    responses(
        (status = 200, body = Insight),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn client_insight(
    Call { state, caller }: Call,
    Path(metric): Path<String>,
    Query(q): Query<ClientInsightQuery>,
) -> AppResult<axum::Json<Insight>> {
    let metric = InsightMetric::named(&metric, &InsightMetric::FOR_CLIENTS)?;
    let seat = client_of(&state.db, &caller).await?;
    if metric == InsightMetric::Receivables {
        seat.may_administer()?;
    }
    let scope = Scope::of_client(q, seat, state.config.today().map_err(AppError::Internal)?)?;
    Ok(axum::Json(insight(&state.db, metric, &scope, false).await?))
}

/// The insight `metric` over `scope`; `company` adds what only the company sees (appraisers and
/// firms by name, clients by name).
pub async fn insight(
    db: &impl sea_orm::ConnectionTrait,
    metric: InsightMetric,
    scope: &Scope,
    company: bool,
) -> AppResult<Insight> {
    let (figures, charts) = match metric {
        InsightMetric::Volume => orders::volume(db, scope).await?,
        InsightMetric::Pipeline => orders::pipeline(db, scope, Utc::now()).await?,
        InsightMetric::TurnTime => orders::turn_time(db, scope).await?,
        InsightMetric::Quality if company => orders::quality(db, scope).await?,
        InsightMetric::Quality => orders::client_quality(db, scope).await?,
        InsightMetric::Revenue => money::revenue(db, scope).await?,
        InsightMetric::Receivables => money::receivables(db, scope, company).await?,
        InsightMetric::AppraiserPay => money::appraiser_pay(db, scope).await?,
    };
    Ok(Insight {
        metric,
        from: scope.from,
        to: scope.to,
        interval: scope.interval,
        figures,
        charts,
    })
}

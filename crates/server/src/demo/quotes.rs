//! Demo quote requests: demo.appraiser has four open requests and one they responded to;
//! demo.appraiser2 has none (the empty state).
use chrono::{Duration, Utc};
use portal_db::entities::{client, quote, quote_recipient};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};

use crate::features::quotes::ANSWER_ACCEPTED;
use crate::platform::http::error::AppResult;

struct DemoQuote {
    loan: &'static str,
    street: &'static str,
    city: &'static str,
    zip: &'static str,
    county: Option<&'static str>,
    property_type: &'static str,
    intended_use: &'static str,
    report_type: Option<&'static str>,
    fee_cents: i64,
    due_in_days: i64,
    lat_lng: (f64, f64),
    responded: bool,
}

const QUOTES: [DemoQuote; 5] = [
    DemoQuote {
        loan: "7700123456",
        street: "2104 Barton Hills Dr",
        city: "Austin",
        zip: "78704",
        county: Some("Travis County"),
        property_type: "Single Family Residence",
        intended_use: "Purchase",
        report_type: Some("1004 Uniform Residential Appraisal Report"),
        fee_cents: 52500,
        due_in_days: 6,
        lat_lng: (30.2553, -97.7706),
        responded: false,
    },
    DemoQuote {
        loan: "7700123457",
        street: "915 W 29th St",
        city: "Austin",
        zip: "78705",
        county: Some("Travis County"),
        property_type: "Condominium",
        intended_use: "Refinance",
        report_type: Some("1073 Individual Condominium Unit Appraisal Report"),
        fee_cents: 47500,
        due_in_days: 9,
        lat_lng: (30.2966, -97.7448),
        responded: false,
    },
    DemoQuote {
        loan: "7700123458",
        street: "310 Cypress Creek Rd",
        city: "Cedar Park",
        zip: "78613",
        county: Some("Williamson County"),
        property_type: "Single Family Residence",
        intended_use: "Home Equity",
        report_type: None,
        fee_cents: 45000,
        due_in_days: 12,
        lat_lng: (30.4880, -97.8292),
        responded: false,
    },
    DemoQuote {
        loan: "",
        street: "48 Ranch Road 12",
        city: "Wimberley",
        zip: "78676",
        county: None,
        property_type: "Rural Acreage",
        intended_use: "Estate Settlement",
        report_type: Some("1004 Uniform Residential Appraisal Report"),
        fee_cents: 89500,
        due_in_days: 15,
        lat_lng: (29.9974, -98.0986),
        responded: false,
    },
    DemoQuote {
        loan: "7700123460",
        street: "1200 Lavaca St",
        city: "Austin",
        zip: "78701",
        county: Some("Travis County"),
        property_type: "Two-to-Four Unit",
        intended_use: "Purchase",
        report_type: Some("1025 Small Residential Income Property Appraisal Report"),
        fee_cents: 69500,
        due_in_days: 8,
        lat_lng: (30.2747, -97.7440),
        responded: true,
    },
];

pub async fn seed_demo_quotes(db: &impl ConnectionTrait, appraiser_id: i32) -> AppResult<()> {
    let already = quote_recipient::Entity::find()
        .filter(quote_recipient::Column::AppraiserUserId.eq(appraiser_id))
        .count(db)
        .await?;
    if already > 0 {
        return Ok(());
    }
    let clients: Vec<i32> = client::Entity::find()
        .order_by_asc(client::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|c| c.id)
        .collect();
    let tz = chrono_tz::America::Chicago;
    let today = Utc::now().with_timezone(&tz).date_naive();
    let now = Utc::now();
    for (i, q) in QUOTES.iter().enumerate() {
        let sent = now - Duration::hours(6 + 20 * i as i64);
        let row = quote::ActiveModel {
            id: NotSet,
            loan_id: Set(Some(q.loan.to_string()).filter(|l| !l.is_empty())),
            property_address_line1: Set(q.street.into()),
            property_city: Set(q.city.into()),
            property_state_code: Set("TX".into()),
            property_zip_code: Set(q.zip.into()),
            property_county: Set(q.county.map(str::to_string)),
            property_type: Set(q.property_type.into()),
            intended_use: Set(q.intended_use.into()),
            report_type: Set(q.report_type.map(str::to_string)),
            appraiser_fee_cents: Set(Some(q.fee_cents)),
            due_date: Set(Some(today + Duration::days(q.due_in_days))),
            latitude: Set(Some(q.lat_lng.0)),
            longitude: Set(Some(q.lat_lng.1)),
            // The third request comes without client details (the cards' fallbacks).
            client_id: Set(if i == 2 || clients.is_empty() {
                None
            } else {
                Some(clients[i % clients.len()])
            }),
            created_at: Set(sent),
            closed_at: Set(None),
            awarded_appraiser_id: Set(None),
            order_id: Set(None),
        }
        .insert(db)
        .await?;
        quote_recipient::ActiveModel {
            id: NotSet,
            quote_id: Set(row.id),
            appraiser_user_id: Set(appraiser_id),
            sent_at: Set(sent),
            answer: Set(q.responded.then(|| ANSWER_ACCEPTED.to_string())),
            answered_at: Set(q.responded.then(|| sent + Duration::hours(2))),
            estimated_delivery_date: Set(q
                .responded
                .then(|| today + Duration::days(q.due_in_days - 1))),
            appraiser_fee_cents: Set(q.responded.then_some(q.fee_cents + 5000)),
            comment: Set(q.responded.then(|| {
                "Two-unit income approach needs rent comparables; fee reflects the extra work."
                    .to_string()
            })),
            reject_reason: Set(None),
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

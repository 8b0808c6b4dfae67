//! Demo data: a firm with two appraisers and their administrator, staff, secret and client
//! accounts. Loaded only when asked for (`serve --demo`, `seed --demo`); loading twice is harmless.
//!
//! Every feature's demo and seed data lives here, above the features (it may use any of them and
//! none uses it): the demo and generated orders (`orders`), their detail data and stored files
//! (`order_details`), quotes, secure links and payments, and the lenders' money and documents
//! (`lender`).
pub mod client;
pub mod lender;
pub mod order_details;
pub mod orders;
pub mod payments;
pub mod quotes;
pub mod secure_links;

use chrono::{Datelike, NaiveDate, Utc};
use portal_db::entities::{appraisal_company, appraiser_license, appraiser_profile, coverage_area};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    IntoActiveModel, ModelTrait, NotSet, QueryFilter, Set,
};

use crate::kernel::users::accounts::{self, NewUser};
use crate::platform::config::Config;
use crate::platform::http::error::AppResult;
use crate::platform::roles::UserType;
use crate::platform::storage::Storage;

pub const DEMO_PASSWORD: &str = "Demo!Password2026";
pub const DEMO_COMPANY: &str = "Prairie Valuation Partners";

/// (username, type, first, last)
pub const DEMO_USERS: [(&str, UserType, &str, &str); 8] = [
    ("demo.appraiser", UserType::Appraiser, "Avery", "Appraiser"),
    ("demo.appraiser2", UserType::Appraiser, "Blake", "Morgan"),
    ("demo.admin", UserType::AppraiserAdmin, "Casey", "Admin"),
    ("demo.staff", UserType::Staff, "Dana", "Staff"),
    ("demo.secret", UserType::Secret, "Emery", "Secret"),
    ("demo.client", UserType::Client, "Finley", "Client"),
    ("demo.lo", UserType::Client, "Logan", "Officer"),
    ("demo.processor", UserType::Client, "Parker", "Processor"),
];

/// The demo appraisers' licences: (username, type, state, number, expires in December of the year
/// this many years from now). Every one of them may take the demo orders in Texas.
const DEMO_LICENSES: [(&str, &str, &str, &str, i32); 7] = [
    ("demo.appraiser", "Certified Residential", "TX", "TX-1380421-R", 1),
    ("demo.appraiser", "Licensed Residential", "OK", "OK-12876-LR", 2),
    ("demo.appraiser", "Certified Residential", "LA", "APR.04512-CR", 1),
    ("demo.appraiser2", "Certified General", "TX", "TX-1339087-G", 1),
    ("demo.appraiser2", "Certified Residential", "NM", "NM-03345-CR", 2),
    ("demo.admin", "Certified Residential", "TX", "TX-1320056-R", 1),
    ("demo.admin", "Certified General", "OK", "OK-13012-CG", 2),
];

/// (username, state, county, verified)
const DEMO_COVERAGE: [(&str, &str, &str, bool); 5] = [
    ("demo.appraiser", "TX", "Travis County", true),
    ("demo.appraiser", "TX", "Williamson County", false),
    ("demo.appraiser2", "TX", "Hays County", true),
    ("demo.appraiser2", "TX", "Bastrop County", false),
    ("demo.admin", "TX", "Travis County", true),
];

/// (username, E&O provider, per-incident and aggregate coverage in dollars, score). The policy
/// documents are left to upload; demo.appraiser2 has no score yet ("Not enough data").
const DEMO_SETTINGS: [(&str, &str, i64, i64, Option<f64>); 3] = [
    ("demo.appraiser", "Lone Star Professional Liability", 1_000_000, 2_000_000, Some(4.6)),
    ("demo.appraiser2", "Prairie Mutual E&O", 500_000, 1_000_000, None),
    ("demo.admin", "Lone Star Professional Liability", 1_000_000, 1_000_000, Some(4.2)),
];

pub async fn seed(db: &DatabaseConnection) -> AppResult<()> {
    let txn = portal_db::begin_write(db).await?;
    let company = match appraisal_company::Entity::find()
        .filter(appraisal_company::Column::Name.eq(DEMO_COMPANY))
        .one(&txn)
        .await?
    {
        Some(c) => c,
        None => {
            appraisal_company::ActiveModel {
                id: NotSet,
                name: Set(DEMO_COMPANY.into()),
                created_at: Set(Utc::now()),
                active: Set(true),
                ..Default::default()
            }
            .insert(&txn)
            .await?
        }
    };
    for (i, (username, user_type, first, last)) in DEMO_USERS.into_iter().enumerate() {
        if accounts::find(&txn, username).await?.is_some() {
            continue;
        }
        let mut user = accounts::create(
            &txn,
            NewUser {
                username: username.into(),
                user_type,
                email: format!("{username}@appraisalportal.example"),
                first_name: Some(first.into()),
                last_name: Some(last.into()),
                password: DEMO_PASSWORD.into(),
                company_id: user_type.is_appraiser_kind().then_some(company.id),
            },
        )
        .await?;
        let mut contact = user.clone().into_active_model();
        contact.work_phone = Set(Some(format!("512-555-02{:02}", 10 + i)));
        contact.cell_phone = Set(Some(format!("512-555-01{:02}", 10 + i)));
        contact.cell_phone_carrier = Set(Some("Verizon".into()));
        user = contact.update(&txn).await?;
        if user_type.is_appraiser_kind() {
            let profile = appraiser_profile::Entity::find()
                .filter(appraiser_profile::Column::SecurityUserId.eq(user.id))
                .one(&txn)
                .await?
                .expect("created with the user");
            let mut profile = profile.into_active_model();
            profile.office_address_line1 = Set(Some(format!("{} Congress Avenue", 100 + i * 10)));
            profile.office_city = Set(Some("Austin".into()));
            profile.office_state_code = Set(Some("TX".into()));
            profile.office_zip_code = Set(Some("78701".into()));
            profile.is_fha_certified = Set(i == 0);
            profile.update(&txn).await?;
        }
    }
    for (username, ..) in DEMO_SETTINGS {
        seed_profile(&txn, username).await?;
    }
    txn.commit().await?;
    Ok(())
}

fn december_31(today: NaiveDate, years_ahead: i32) -> NaiveDate {
    NaiveDate::from_ymd_opt(today.year() + years_ahead, 12, 31).expect("a valid date")
}

/// Licences, coverage areas, E&O and score of a demo appraiser, once: licences are never changed
/// in the portal, so a profile that has some was seeded already (and may have been edited since).
async fn seed_profile(db: &impl ConnectionTrait, username: &str) -> AppResult<()> {
    let Some(user) = accounts::find(db, username).await? else { return Ok(()) };
    let Some(profile) = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.eq(user.id))
        .one(db)
        .await?
    else {
        return Ok(());
    };
    if profile.find_related(appraiser_license::Entity).one(db).await?.is_some() {
        return Ok(());
    }
    let today = Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive();
    for (_, license_type, state_code, number, years) in
        DEMO_LICENSES.iter().filter(|l| l.0 == username)
    {
        appraiser_license::ActiveModel {
            id: NotSet,
            appraiser_profile_id: Set(profile.id),
            license_type: Set(license_type.to_string()),
            state_code: Set(state_code.to_string()),
            og_number: Set(number.to_string()),
            expiration_date: Set(december_31(today, *years)),
        }
        .insert(db)
        .await?;
    }
    for (_, state_code, county, verified) in DEMO_COVERAGE.iter().filter(|c| c.0 == username) {
        coverage_area::ActiveModel {
            id: NotSet,
            appraiser_profile_id: Set(profile.id),
            state_code: Set(state_code.to_string()),
            county: Set(county.to_string()),
            verified: Set(*verified),
            created_at: Set(Utc::now()),
        }
        .insert(db)
        .await?;
    }
    if let Some((_, provider, per_incident, aggregate, score)) =
        DEMO_SETTINGS.iter().find(|s| s.0 == username)
    {
        let mut profile = profile.into_active_model();
        profile.eno_provider = Set(Some(provider.to_string()));
        profile.eno_per_incident_cents = Set(per_incident * 100);
        profile.eno_aggregate_cents = Set(aggregate * 100);
        profile.eno_expiration_date = Set(NaiveDate::from_ymd_opt(today.year() + 1, 6, 30));
        profile.score = Set(*score);
        profile.update(db).await?;
    }
    Ok(())
}

/// The demo accounts and the demo orders (what `serve --demo` and `seed --demo` load).
pub async fn seed_with_orders(
    db: &DatabaseConnection,
    storage: &Storage,
    config: &Config,
) -> AppResult<()> {
    seed(db).await?;
    orders::seed_demo_orders(db).await?;
    client::seed(db).await?;
    order_details::seed(db, storage).await?;
    payments::seed_demo(db, storage).await?;
    lender::seed(db, storage, config).await?;
    Ok(())
}

pub fn print_logins() {
    println!("Demo sign-ins (password {DEMO_PASSWORD}):");
    for (username, user_type, ..) in DEMO_USERS {
        println!("  {username:<16} {}", user_type.label());
    }
}

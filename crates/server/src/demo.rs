//! Demo data: a firm with two appraisers and their administrator, staff, secret and client
//! accounts. Loaded only when asked for (`serve --demo`, `seed --demo`); loading twice is harmless.
use chrono::Utc;
use portal_db::entities::{appraisal_company, appraiser_profile};
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, IntoActiveModel, NotSet, QueryFilter, Set};

use crate::files::storage::Storage;
use crate::http::error::AppResult;
use crate::roles::UserType;
use crate::users::accounts::{self, NewUser};

pub const DEMO_PASSWORD: &str = "Demo!Password2026";
pub const DEMO_COMPANY: &str = "Prairie Valuation Partners";

/// (username, type, first, last)
pub const DEMO_USERS: [(&str, UserType, &str, &str); 6] = [
    ("demo.appraiser", UserType::Appraiser, "Avery", "Appraiser"),
    ("demo.appraiser2", UserType::Appraiser, "Blake", "Morgan"),
    ("demo.admin", UserType::AppraiserAdmin, "Casey", "Admin"),
    ("demo.staff", UserType::Staff, "Dana", "Staff"),
    ("demo.secret", UserType::Secret, "Emery", "Secret"),
    ("demo.client", UserType::Client, "Finley", "Client"),
];

pub async fn seed(db: &DatabaseConnection) -> AppResult<()> {
    let txn = portal_db::begin_write(db).await?;
    let company = match appraisal_company::Entity::find().filter(appraisal_company::Column::Name.eq(DEMO_COMPANY)).one(&txn).await? {
        Some(c) => c,
        None => appraisal_company::ActiveModel { id: NotSet, name: Set(DEMO_COMPANY.into()), created_at: Set(Utc::now()) }.insert(&txn).await?,
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
    txn.commit().await?;
    Ok(())
}

/// The demo accounts and the demo orders (what `serve --demo` and `seed --demo` load).
pub async fn seed_with_orders(db: &DatabaseConnection, storage: &Storage) -> AppResult<()> {
    seed(db).await?;
    crate::orders::seed::seed_demo_orders(db).await?;
    crate::orders::demo_details::seed(db, storage).await?;
    crate::payments::seed::seed_demo(db, storage).await?;
    Ok(())
}

pub fn print_logins() {
    println!("Demo sign-ins (password {DEMO_PASSWORD}):");
    for (username, user_type, ..) in DEMO_USERS {
        println!("  {username:<16} {}", user_type.label());
    }
}

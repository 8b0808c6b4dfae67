//! What a lender's and staff's money screens show after `make run`: the demo lender's delivered
//! order with its report and the borrower's copy, invoices in every state (open, part-paid,
//! overdue, paid, long overdue), and an order of a lender whose borrowers pay, with the payment
//! link in the development mailbox.
use chrono::{Datelike, Duration, NaiveDate, Utc};
use portal_db::entities::{
    client, client_order, client_user, invoice, invoice_payment, order, order_contact,
    order_detail, security_user,
};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction,
    EntityTrait, NotSet, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::features::billing::{borrower_payments, invoices::INVOICE_PREFIX, numbers};
use crate::features::reconsiderations;
use crate::features::reports::borrower_copy;
use crate::kernel::orders::status::OrderStatus;
use crate::kernel::users::accounts;
use crate::platform::config::Config;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::storage::Storage;

const BORROWER_PAYS_LENDER: &str = "Hometown Credit Union";

/// The demo invoices, oldest first so that their numbers follow their dates: (days since issued,
/// percent of it the lender has paid). With 30 days' terms they fall in every ageing bucket; the
/// last is the invoice of the order delivered today.
const INVOICES: [(i64, i64); 5] = [(130, 0), (60, 100), (45, 0), (20, 40), (0, 0)];

const PAYMENT_TERMS_DAYS: i64 = 30;

pub async fn seed(db: &DatabaseConnection, storage: &Storage, config: &Config) -> AppResult<()> {
    if invoice::Entity::find().count(db).await? > 0 {
        return Ok(());
    }
    let (Some(staff), Some(appraiser), Some(lender)) = (
        accounts::find(db, "demo.staff").await?,
        accounts::find(db, "demo.appraiser").await?,
        demo_lender(db).await?,
    ) else {
        return Ok(());
    };
    let today = config.today().map_err(AppError::Internal)?;
    let txn = portal_db::begin_write(db).await?;
    delivered_with_copy(&txn, storage, config, &appraiser, &staff).await?;
    invoices(&txn, lender, staff.id, today).await?;
    borrower_pays_order(&txn, config, &staff).await?;
    txn.commit().await?;
    Ok(())
}

/// The client demo.client works for.
async fn demo_lender(db: &impl ConnectionTrait) -> AppResult<Option<i32>> {
    let Some(user) = accounts::find(db, "demo.client").await? else { return Ok(None) };
    Ok(client_user::Entity::find_by_id(user.id).one(db).await?.map(|row| row.client_id))
}

/// The demo appraiser's delivered order gets its report and data file, and the borrower their copy.
async fn delivered_with_copy(
    txn: &DatabaseTransaction,
    storage: &Storage,
    config: &Config,
    appraiser: &security_user::Model,
    staff: &security_user::Model,
) -> AppResult<()> {
    let Some(o) = order::Entity::find()
        .filter(order::Column::AssignedAppraiserId.eq(appraiser.id))
        .filter(order::Column::StatusId.eq(OrderStatus::DeliveredToClient))
        .order_by_asc(order::Column::Id)
        .one(txn)
        .await?
    else {
        return Ok(());
    };
    let comments = ["A neighborhood of similar single-family homes near parks and shops."];
    super::order_details::report_with_data_file(txn, storage, &o, appraiser, &comments).await?;
    let email = add_borrower(txn, &o).await?;
    let Some(report) = borrower_copy::latest_report(txn, o.id).await? else { return Ok(()) };
    borrower_copy::send(txn, config, &o, &report, &email, staff).await?;
    borrower_disputes_the_value(txn, storage, config, &o).await
}

/// The borrower asks for a reconsideration of value of the delivered report, pressing for a value
/// the appraiser will not see: a case waiting for the lender's review in staff's queue.
async fn borrower_disputes_the_value(
    txn: &DatabaseTransaction,
    storage: &Storage,
    config: &Config,
    o: &order::Model,
) -> AppResult<()> {
    let today = config.today().map_err(AppError::Internal)?;
    let request = reconsiderations::Checked {
        basis: vec!["unsupported".into()],
        deficiencies: vec![reconsiderations::Deficiency {
            text: "Comparable 1 is a smaller model on a busy road. We need $700,000 to close."
                .into(),
            report_field: Some("Sales comparison, comparable 1".into()),
        }],
        comparables: vec![reconsiderations::Comparable {
            address: "18 Oak St, Austin, TX 78701".into(),
            sale_price_cents: 69_500_000,
            sale_date: today - Duration::days(40),
            data_source: "MLS #5521907".into(),
            rationale: "Same street, same model, sold last month.".into(),
        }],
    };
    let borrower = reconsiderations::Requester::Borrower;
    reconsiderations::open(txn, storage, config, o, borrower, request).await.map(drop)
}

/// Adds the borrower (named on the order) as its contact with an e-mail; returns the e-mail.
async fn add_borrower(db: &impl ConnectionTrait, o: &order::Model) -> AppResult<String> {
    let name = match o.borrower_name.trim() {
        "" => "Jamie Borrower".to_string(),
        named => named.to_string(),
    };
    let email = format!("{}@borrower.example", name.to_lowercase().replace(' ', "."));
    order_contact::ActiveModel {
        id: NotSet,
        order_id: Set(o.id),
        name: Set(name),
        email: Set(Some(email.clone())),
        cell_phone: Set(Some("5125550177".into())),
        work_phone: Set(None),
        home_phone: Set(None),
        contact_type: Set("BORROWER".into()),
        notes: Set(None),
    }
    .insert(db)
    .await?;
    Ok(email)
}

/// One invoice in each state on the lender's delivered orders (the older orders the older
/// invoices), with the payments that make it so.
async fn invoices(
    txn: &DatabaseTransaction,
    lender: i32,
    staff: i32,
    today: NaiveDate,
) -> AppResult<()> {
    let delivered = order::Entity::find()
        .filter(order::Column::ClientId.eq(lender))
        .filter(
            order::Column::StatusId
                .is_in([OrderStatus::DeliveredToClient, OrderStatus::InvoiceCreated]),
        )
        .order_by_desc(order::Column::CreatedAt)
        .limit(INVOICES.len() as u64)
        .all(txn)
        .await?;
    for (o, (days_ago, percent_paid)) in delivered.iter().rev().zip(INVOICES) {
        let amount = order_detail::Entity::find_by_id(o.id)
            .one(txn)
            .await?
            .and_then(|d| d.client_fee_cents)
            .unwrap_or(57_500);
        let issued_on = today - Duration::days(days_ago);
        let issued = invoice::ActiveModel {
            id: NotSet,
            number: Set(numbers::next(txn, INVOICE_PREFIX, issued_on.year()).await?),
            order_id: Set(o.id),
            client_id: Set(lender),
            amount_cents: Set(amount),
            issued_on: Set(issued_on),
            due_on: Set(issued_on + Duration::days(PAYMENT_TERMS_DAYS)),
            created_at: Set(Utc::now()),
        }
        .insert(txn)
        .await?;
        if percent_paid > 0 {
            invoice_payment::ActiveModel {
                id: NotSet,
                invoice_id: Set(issued.id),
                amount_cents: Set(amount * percent_paid / 100),
                method: Set("check".into()),
                reference: Set(Some(format!("Check {}", 4100 + issued.id))),
                received_on: Set(issued_on + Duration::days(12)),
                recorded_by: Set(staff),
                created_at: Set(Utc::now()),
            }
            .insert(txn)
            .await?;
        }
    }
    Ok(())
}

/// A lender whose borrowers pay by card takes over the newest unassigned generated order; the
/// borrower's payment link is sent (to the development mailbox in the demo).
async fn borrower_pays_order(
    txn: &DatabaseTransaction,
    config: &Config,
    staff: &security_user::Model,
) -> AppResult<()> {
    let Some(o) = order::Entity::find()
        .filter(order::Column::StatusId.eq(OrderStatus::Default))
        .order_by_desc(order::Column::Id)
        .one(txn)
        .await?
    else {
        return Ok(());
    };
    let lender = client::ActiveModel {
        id: NotSet,
        company_name: Set(BORROWER_PAYS_LENDER.into()),
        office_address_line: Set(Some("400 Main Street, Round Rock, TX 78664".into())),
        main_contact_name: Set(Some("Morgan Hale".into())),
        main_contact_email: Set(Some("orders@hometowncu.example".into())),
        main_contact_phone: Set(Some("512-555-0400".into())),
        billing_email: Set(Some("billing@hometowncu.example".into())),
        payment_terms_days: Set(PAYMENT_TERMS_DAYS as i32),
        borrower_pays: Set(true),
        assignment_mode: Set(None),
        offer_hours: Set(None),
        broadcast_size: Set(None),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    order::Entity::update_many()
        .col_expr(order::Column::ClientId, Expr::value(lender.id))
        .filter(order::Column::Id.eq(o.id))
        .exec(txn)
        .await?;
    client_order::Entity::update_many()
        .col_expr(client_order::Column::ClientId, Expr::value(lender.id))
        .filter(client_order::Column::OrderId.eq(o.id))
        .exec(txn)
        .await?;
    let o = order::Model { client_id: Some(lender.id), ..o };
    let email = add_borrower(txn, &o).await?;
    borrower_payments::send_link(txn, config, &o, &email, Some(staff.id)).await
}

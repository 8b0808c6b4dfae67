//! The order's detail row and the text it stores: an empty row, the one-line address, sanitised
//! HTML.
use portal_db::entities::{order_contact, order_detail};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::platform::http::error::AppResult;

/// "12 Oak St Unit 4, Austin, TX 78701".
pub fn one_line_address(
    line1: &str,
    line2: Option<&str>,
    city: &str,
    state_code: &str,
    zip: &str,
) -> String {
    let street = match line2 {
        Some(more) => format!("{line1} {more}"),
        None => line1.to_string(),
    };
    format!("{street}, {city}, {state_code} {zip}")
}

/// HTML stored with an order (notes, history messages) as it may reach a browser.
pub fn sanitize_html(html: &str) -> String {
    ammonia::clean(html)
}

pub fn empty_detail(order_id: i64) -> order_detail::Model {
    order_detail::Model {
        order_id,
        fha_case_id: None,
        property_type: None,
        intended_use: None,
        report_type1_id: None,
        report_type2_id: None,
        report_type3_id: None,
        report_type4_id: None,
        appraiser_fee_cents: None,
        client_fee_cents: None,
        tech_fee_cents: None,
        purchase_price_cents: None,
        notes_html: None,
        estimated_delivery_date: None,
        estimated_closing_date: None,
        was_previously_scheduled: false,
        on_time_inquiry_open: false,
        year_built: None,
        living_area: None,
        lot_area: None,
        county_use: None,
        assessed_value_cents: None,
        latitude: None,
        longitude: None,
        location_approximate: false,
        requires_env: false,
        amc_license: None,
        property_address_line2: None,
        proposed_fee_cents: None,
        proposed_due_date: None,
        status_before_hold: None,
        appointment_end_at: None,
        rush: false,
    }
}

async fn borrowers(
    db: &impl ConnectionTrait,
    order_id: i64,
) -> AppResult<Vec<order_contact::Model>> {
    Ok(order_contact::Entity::find()
        .filter(order_contact::Column::OrderId.eq(order_id))
        .filter(order_contact::Column::ContactType.eq("BORROWER"))
        .all(db)
        .await?)
}

fn given(value: Option<String>) -> Option<String> {
    value.filter(|v| !v.trim().is_empty())
}

/// The borrower's e-mail among the order's contacts, if one was given.
pub async fn borrower_email(db: &impl ConnectionTrait, order_id: i64) -> AppResult<Option<String>> {
    Ok(borrowers(db, order_id).await?.into_iter().find_map(|c| given(c.email)))
}

/// The borrower's mobile number among the order's contacts, if one was given.
pub async fn borrower_cell(db: &impl ConnectionTrait, order_id: i64) -> AppResult<Option<String>> {
    Ok(borrowers(db, order_id).await?.into_iter().find_map(|c| given(c.cell_phone)))
}

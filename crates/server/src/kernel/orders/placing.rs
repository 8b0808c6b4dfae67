//! Placing an order, whoever places it (the staff order form, a client in the portal or through
//! the API): the property's checks, the order's first row and file number, its history lines.
use chrono::{NaiveDate, Utc};
use portal_db::entities::{order, order_detail, order_history};
use sea_orm::{ActiveModelTrait, DatabaseTransaction, IntoActiveModel, NotSet, Set};

use crate::kernel::orders::kinds::{INTENDED_USES, PROPERTY_TYPES, option_label};
use crate::kernel::orders::status::OrderStatus;
use crate::platform::fields::{Field, MAX_LINE, named, optional_date, required};
use crate::platform::geocoder::{self, Position};
use crate::platform::geography;
use crate::platform::http::error::AppResult;

/// Where the property is, checked: a state of the United States, one of its counties, a 5-digit
/// zip.
#[derive(Debug)]
pub struct Property {
    pub line1: String,
    pub city: String,
    pub state_code: String,
    pub zip: String,
    pub county: String,
}

pub fn check_property(
    line1: Option<&str>,
    city: Option<&str>,
    state_code: Option<&str>,
    zip: Option<&str>,
    county: Option<&str>,
) -> AppResult<Property> {
    let state_field = named("propertyStateCode", "Property state");
    let state_code = required(state_field, state_code, 2)?.to_uppercase();
    let state = geography::state(&state_code).ok_or_else(|| {
        state_field
            .refuse(format!("{state_field} '{state_code}' is not a state of the United States."))
    })?;
    let county_field = named("propertyCounty", "Property county");
    let county = required(county_field, county, 100)?;
    let county = state
        .counties
        .iter()
        .find(|c| c.eq_ignore_ascii_case(&county))
        .ok_or_else(|| {
            county_field
                .refuse(format!("{county_field} '{county}' is not a county of {}.", state.name))
        })?
        .to_string();
    let zip_field = named("propertyZip", "Property zip");
    let zip = required(zip_field, zip, 10)?;
    if zip.len() != 5 || !zip.chars().all(|c| c.is_ascii_digit()) {
        return Err(zip_field.refuse(format!("{zip_field} must be 5 digits (got '{zip}').")));
    }
    if let Some(zip_state) = geocoder::zip_state(&zip).filter(|s| *s != state.postal) {
        return Err(zip_field.refuse(format!("ZIP {zip} is in {zip_state}, not {}.", state.postal)));
    }
    Ok(Property {
        line1: required(named("propertyAddressLine1", "Property address"), line1, MAX_LINE)?,
        city: required(named("propertyCity", "Property city"), city, 100)?,
        state_code: state.postal.clone(),
        zip,
        county,
    })
}

/// The labels of a property type and an intended use chosen by id.
pub fn check_kind(
    property_type_id: Option<i32>,
    intended_use_id: Option<i32>,
) -> AppResult<(&'static str, &'static str)> {
    let chosen = |field: Field, id: Option<i32>, options| {
        let id = id.ok_or_else(|| field.refuse(format!("{field} is required.")))?;
        option_label(options, id)
            .ok_or_else(|| field.refuse(format!("{field} {id} does not exist.")))
    };
    let property_type =
        chosen(named("propertyTypeId", "Property type"), property_type_id, &PROPERTY_TYPES)?;
    let intended_use =
        chosen(named("intendedUseId", "Intended use"), intended_use_id, &INTENDED_USES)?;
    Ok((property_type, intended_use))
}

/// A required due date that is not in the past (`today` is the company's date).
pub fn check_due_date(label: Field, value: Option<&str>, today: NaiveDate) -> AppResult<NaiveDate> {
    optional_due_date(label, value, today)?
        .ok_or_else(|| label.refuse(format!("{label} is required.")))
}

/// A due date that may be left out (a turn-time rule gives it), not in the past.
pub fn optional_due_date(
    label: Field,
    value: Option<&str>,
    today: NaiveDate,
) -> AppResult<Option<NaiveDate>> {
    let due = optional_date(label, value)?;
    if due.is_some_and(|d| d < today) {
        return Err(label.refuse(format!("{label} cannot be in the past.")));
    }
    Ok(due)
}

/// Sets the property's position: a known one, or none (the map says "not available").
pub fn place(row: &mut order_detail::ActiveModel, position: Option<Position>) {
    row.latitude = Set(position.map(|p| p.latitude));
    row.longitude = Set(position.map(|p| p.longitude));
    row.location_approximate = Set(position.is_some_and(|p| p.approximate));
}

/// A line of the order's history, by `actor_user_id` (none: the system or an API key).
pub async fn write_history(
    txn: &DatabaseTransaction,
    actor_user_id: Option<i32>,
    order_id: i64,
    status: OrderStatus,
    line: String,
) -> AppResult<()> {
    order_history::ActiveModel {
        id: NotSet,
        order_id: Set(order_id),
        status_id: Set(status),
        message_html: Set(Some(format!(
            "<p>{}</p>",
            crate::platform::delivery::html_escape(&line)
        ))),
        created_at: Set(Utc::now()),
        actor_user_id: Set(actor_user_id),
        hide: Set(false),
    }
    .insert(txn)
    .await?;
    Ok(())
}

/// File numbers of orders made in the portal: "A" and the order id, so they never meet the
/// all-digit numbers of imported or generated orders.
fn file_number(id: i64) -> String {
    format!("A{id:07}")
}

/// Inserts a new order and gives it its file number (the row's id is only known once inserted).
pub async fn insert_order(
    txn: &DatabaseTransaction,
    mut row: order::ActiveModel,
) -> AppResult<order::Model> {
    let placeholder: String =
        format!("new-{}", crate::platform::tokens::random_token()).chars().take(20).collect();
    row.file_number = Set(placeholder);
    let created = row.insert(txn).await?;
    let number = file_number(created.id);
    let mut row = created.into_active_model();
    row.file_number = Set(number);
    Ok(row.update(txn).await?)
}

#[cfg(test)]
mod tests {
    use super::check_property;

    #[test]
    fn a_zip_of_another_state_or_a_county_of_another_state_is_refused() {
        let place = |state, zip, county| {
            check_property(
                Some("1100 Congress Ave"),
                Some("Austin"),
                Some(state),
                Some(zip),
                Some(county),
            )
        };
        assert!(place("TX", "78701", "Travis County").is_ok());
        let zip = place("TX", "10001", "Travis County").unwrap_err();
        assert_eq!(zip.to_string(), "ZIP 10001 is in NY, not TX.");
        let county = place("TX", "78701", "Kings County").unwrap_err();
        assert_eq!(county.to_string(), "Property county 'Kings County' is not a county of Texas.");
    }
}

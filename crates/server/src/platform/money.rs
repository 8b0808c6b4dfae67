//! Money: kept as whole cents (integers), sent as a number of dollars, shown as "$1,250.00".
use serde_json::Value;

/// Largest fee or payment the portal accepts: $1,000,000.00.
pub const MAX_CENTS: i64 = 100_000_000;

/// An amount of money in whole cents: the one type for amounts from the database to the wire.
/// It is sent as a number of dollars (45050 -> 450.5) and shown with `Display` ("$450.50").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Cents(pub i64);

impl Cents {
    pub fn dollars(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// Dollars with two decimals and no sign or grouping beyond a minus ("1250.00", "-3.05"), as
    /// spreadsheets read them.
    pub fn decimal(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let cents = self.0.unsigned_abs();
        format!("{sign}{}.{:02}", cents / 100, cents % 100)
    }
}

impl std::fmt::Display for Cents {
    /// "$1,250.00", "-$3.05".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let cents = self.0.unsigned_abs();
        let dollars = (cents / 100).to_string();
        let mut grouped = String::new();
        for (i, digit) in dollars.chars().enumerate() {
            if i > 0 && (dollars.len() - i).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(digit);
        }
        write!(f, "{sign}${grouped}.{:02}", cents % 100)
    }
}

impl serde::Serialize for Cents {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.dollars())
    }
}

impl utoipa::PartialSchema for Cents {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Number)
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
                utoipa::openapi::KnownFormat::Double,
            )))
            .description(Some("An amount in dollars, at most two decimals."))
            .into()
    }
}

impl utoipa::ToSchema for Cents {}

/// A dollar amount as a request sends it: a JSON number or a numeric string ("450", "$1,250.00"),
/// or null or left out. It is read into cents with the body; what is wrong with it is said by the
/// field that takes it, in that field's own words (`fields::positive_fee`,
/// `fields::optional_amount`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amount(Result<i64, AmountError>);

impl Default for Amount {
    fn default() -> Self {
        Amount(Err(AmountError::Missing))
    }
}

impl Amount {
    /// The amount in cents, refused above `max_cents`.
    pub fn cents_up_to(self, max_cents: i64) -> Result<i64, AmountError> {
        match self.0 {
            Ok(cents) if cents > max_cents => Err(AmountError::TooLarge),
            read => read,
        }
    }

    pub fn is_missing(self) -> bool {
        self.0 == Err(AmountError::Missing)
    }
}

impl From<&Value> for Amount {
    fn from(value: &Value) -> Self {
        Amount(parse_amount_up_to(value, i64::MAX))
    }
}

impl<'de> serde::Deserialize<'de> for Amount {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Amount::from(&<Value as serde::Deserialize>::deserialize(deserializer)?))
    }
}

impl utoipa::PartialSchema for Amount {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::Number, Type::Null]))
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
                utoipa::openapi::KnownFormat::Double,
            )))
            .into()
    }
}

impl utoipa::ToSchema for Amount {}

/// Why an amount was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmountError {
    Missing,
    NotANumber,
    Negative,
    TooManyDecimals,
    TooLarge,
}

/// Reads a dollar amount sent as a JSON number or string ("450", "450.5", "1,250.00", "$99")
/// into cents without going through floating point. Null or blank is `Missing`.
pub fn parse_amount(value: &Value) -> Result<i64, AmountError> {
    parse_amount_up_to(value, MAX_CENTS)
}

/// `parse_amount` with another ceiling (insurance coverage runs into the millions).
pub fn parse_amount_up_to(value: &Value, max_cents: i64) -> Result<i64, AmountError> {
    let text = match value {
        Value::Null => return Err(AmountError::Missing),
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().trim_start_matches('$').replace(',', ""),
        _ => return Err(AmountError::NotANumber),
    };
    let text = text.trim();
    if text.is_empty() {
        return Err(AmountError::Missing);
    }
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    // JSON numbers may come as 4.5e2; accept only plain decimals.
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction) {
        return Err(AmountError::NotANumber);
    }
    if negative && (whole.chars().any(|c| c != '0') || fraction.chars().any(|c| c != '0')) {
        return Err(AmountError::Negative);
    }
    let fraction = fraction.trim_end_matches('0');
    if fraction.len() > 2 {
        return Err(AmountError::TooManyDecimals);
    }
    let whole = whole.trim_start_matches('0');
    // Well inside i64 before the ceiling is compared.
    if whole.len() > 15 {
        return Err(AmountError::TooLarge);
    }
    let dollars: i64 =
        if whole.is_empty() { 0 } else { whole.parse().map_err(|_| AmountError::NotANumber)? };
    let cents: i64 = format!("{fraction:0<2}").parse().map_err(|_| AmountError::NotANumber)?;
    let total = dollars * 100 + cents;
    if total > max_cents {
        return Err(AmountError::TooLarge);
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn amounts_table() {
        let table: [(Value, Result<i64, AmountError>); 20] = [
            (json!(450), Ok(45000)),
            (json!(450.5), Ok(45050)),
            (json!(0.1), Ok(10)),
            (json!("450"), Ok(45000)),
            (json!(" 450.50 "), Ok(45050)),
            (json!("$1,250.00"), Ok(125000)),
            (json!(".75"), Ok(75)),
            (json!("0"), Ok(0)),
            (json!("-0"), Ok(0)),
            (json!(1000000), Ok(MAX_CENTS)),
            (json!(null), Err(AmountError::Missing)),
            (json!("  "), Err(AmountError::Missing)),
            (json!("abc"), Err(AmountError::NotANumber)),
            (json!("12a"), Err(AmountError::NotANumber)),
            (json!("."), Err(AmountError::NotANumber)),
            (json!(true), Err(AmountError::NotANumber)),
            (json!(-5), Err(AmountError::Negative)),
            (json!("-0.01"), Err(AmountError::Negative)),
            (json!("1.005"), Err(AmountError::TooManyDecimals)),
            (json!("1000000.01"), Err(AmountError::TooLarge)),
        ];
        for (value, expected) in table {
            assert_eq!(parse_amount(&value), expected, "{value}");
        }
        assert_eq!(parse_amount(&json!(1e3)), Ok(100000));
        assert_eq!(parse_amount(&json!("99999999999999999999")), Err(AmountError::TooLarge));
        assert_eq!(parse_amount_up_to(&json!("2,000,000"), 10 * MAX_CENTS), Ok(200_000_000));
        assert_eq!(
            parse_amount_up_to(&json!("10000000.01"), 10 * MAX_CENTS),
            Err(AmountError::TooLarge)
        );
        assert_eq!(Cents(45050).dollars(), 450.5);
        assert_eq!(serde_json::to_string(&Cents(45050)).unwrap(), "450.5");
    }

    #[test]
    fn shown_with_separators_and_two_decimals() {
        let shown = [0, 5, 45000, 32500050, 123456789, -305].map(|c| Cents(c).to_string());
        assert_eq!(shown, ["$0.00", "$0.05", "$450.00", "$325,000.50", "$1,234,567.89", "-$3.05"]);
    }
}

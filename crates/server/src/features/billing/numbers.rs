//! Gap-free numbers per prefix and year (`INV-2026-000123`): the counter row is bumped inside the
//! caller's transaction, so a number is used exactly when the document that takes it is committed,
//! and two copies of the server issuing at once wait for each other on the row.
use portal_db::entities::number_sequence;
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict, Query};
use sea_orm::{ConnectionTrait, DatabaseTransaction, EntityTrait, Set, StatementBuilder};

use crate::platform::http::error::AppResult;

/// The next number of `prefix` in `year`, formatted `PREFIX-yyyy-nnnnnn`.
pub async fn next(txn: &DatabaseTransaction, prefix: &str, year: i32) -> AppResult<String> {
    let number = match bump(txn, prefix, year).await? {
        Some(n) => n,
        None => {
            let first = number_sequence::ActiveModel {
                prefix: Set(prefix.to_owned()),
                year: Set(year),
                last_number: Set(0),
            };
            number_sequence::Entity::insert(first)
                .on_conflict(
                    OnConflict::columns([
                        number_sequence::Column::Prefix,
                        number_sequence::Column::Year,
                    ])
                    .do_nothing()
                    .to_owned(),
                )
                .exec_without_returning(txn)
                .await?;
            bump(txn, prefix, year).await?.expect("the sequence row exists")
        }
    };
    Ok(format!("{prefix}-{year}-{number:06}"))
}

/// Adds one to the sequence and answers the new value; None when the sequence has no row yet.
async fn bump(txn: &DatabaseTransaction, prefix: &str, year: i32) -> AppResult<Option<i64>> {
    let update = Query::update()
        .table(number_sequence::Entity)
        .value(
            number_sequence::Column::LastNumber,
            Expr::col(number_sequence::Column::LastNumber).add(1),
        )
        .and_where(Expr::col(number_sequence::Column::Prefix).eq(prefix))
        .and_where(Expr::col(number_sequence::Column::Year).eq(year))
        .returning_col(number_sequence::Column::LastNumber)
        .to_owned();
    let row =
        txn.query_one_raw(StatementBuilder::build(&update, &txn.get_database_backend())).await?;
    Ok(match row {
        Some(r) => Some(r.try_get_by_index::<i64>(0)?),
        None => None,
    })
}

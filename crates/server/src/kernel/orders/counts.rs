//! How many orders each status holds (migration m0017: the database adds a row of (status, change)
//! to `order_count_changes` with every insert, delete or status change of an order). The count of
//! a set of statuses is the sum of their rows; `compact` folds the rows into one per status.
use std::collections::BTreeMap;

use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query, SelectStatement};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};

use super::status::OrderStatus;
use crate::platform::http::error::AppResult;

fn table() -> Alias {
    Alias::new("order_count_changes")
}

/// The number of orders whose status is one of `wanted` (every order when None), as one row with
/// one number.
pub fn count_statement(wanted: Option<&[OrderStatus]>) -> SelectStatement {
    // PostgreSQL sums bigints as numeric.
    let mut select = Query::select()
        .expr(Expr::cust("CAST(COALESCE(SUM(delta), 0) AS BIGINT)"))
        .from(table())
        .take();
    if let Some(wanted) = wanted {
        select.and_where(Expr::col(Alias::new("status_id")).is_in(wanted.iter().map(|s| s.id())));
    }
    select
}

/// Folds the change rows into one row per status. Does nothing when another copy of the server
/// folded them at the same moment, or when a change committed meanwhile among the folded ids
/// (the next round takes it).
pub async fn compact(db: &DatabaseConnection) -> AppResult<()> {
    let backend = db.get_database_backend();
    // Most minutes there is nothing to fold: find that out without taking SQLite's write lock.
    let rows_and_statuses = db
        .query_one_raw(Statement::from_string(
            backend,
            "SELECT COUNT(*), COUNT(DISTINCT status_id) FROM order_count_changes",
        ))
        .await?
        .map(|r| {
            Ok::<_, sea_orm::DbErr>((r.try_get_by_index::<i64>(0)?, r.try_get_by_index::<i64>(1)?))
        })
        .transpose()?;
    if rows_and_statuses.is_some_and(|(rows, statuses)| rows <= statuses) {
        return Ok(());
    }
    let txn = portal_db::begin_write(db).await?;
    let rows = txn
        .query_all_raw(Statement::from_string(
            backend,
            "SELECT id, status_id, delta FROM order_count_changes",
        ))
        .await?;
    let mut sums = BTreeMap::<i32, i64>::new();
    let mut last_id = 0_i64;
    for row in &rows {
        let (id, status, delta): (i64, i32, i64) =
            (row.try_get_by_index(0)?, row.try_get_by_index(1)?, row.try_get_by_index(2)?);
        last_id = Ord::max(last_id, id);
        *sums.entry(status).or_default() += delta;
    }
    if rows.len() <= sums.len() {
        return Ok(());
    }
    let folded = Query::delete()
        .from_table(table())
        .and_where(Expr::col(Alias::new("id")).lte(last_id))
        .take();
    let deleted = txn.execute(&folded).await?.rows_affected();
    if deleted != rows.len() as u64 {
        return Ok(txn.rollback().await?);
    }
    let sums: Vec<_> = sums.into_iter().filter(|(_, sum)| *sum != 0).collect();
    if !sums.is_empty() {
        let mut insert = Query::insert()
            .into_table(table())
            .columns([Alias::new("status_id"), Alias::new("delta")])
            .take();
        for (status, sum) in sums {
            insert.values_panic([status.into(), sum.into()]);
        }
        txn.execute(&insert).await?;
    }
    Ok(txn.commit().await?)
}

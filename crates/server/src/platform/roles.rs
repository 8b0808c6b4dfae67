//! User types and the one table that says which roles may use which area of the API.

pub use portal_db::user_type::UserType;

/// An area of the API with the roles allowed to use it (docs/domain.md#parties-and-roles). Every
/// feature router is registered under exactly one area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Area {
    /// Any signed-in user (user lookups, constants).
    SignedIn,
    /// Appraiser screens and the calls behind them; staff read and act on them too.
    Appraiser,
    /// Managing a firm's appraisers and reassigning work.
    AppraiserAdmin,
    /// The staff desk: creating, assigning, reviewing, delivering and paying for orders.
    Staff,
    /// The secret administrator's tools.
    Secret,
    /// The client area: a client's users, their own client's orders only.
    Client,
}

impl Area {
    pub fn allows(self, user_type: UserType) -> bool {
        use UserType::*;
        match self {
            Area::SignedIn => true,
            Area::Appraiser => matches!(user_type, Appraiser | AppraiserAdmin | Staff | Secret),
            Area::AppraiserAdmin => matches!(user_type, AppraiserAdmin | Staff | Secret),
            Area::Staff => matches!(user_type, Staff | Secret),
            Area::Secret => matches!(user_type, Secret),
            Area::Client => matches!(user_type, Client),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use UserType::*;

    #[test]
    fn area_table() {
        let table: [(Area, &[UserType]); 6] = [
            (Area::SignedIn, &UserType::ALL),
            (Area::Appraiser, &[Appraiser, AppraiserAdmin, Staff, Secret]),
            (Area::AppraiserAdmin, &[AppraiserAdmin, Staff, Secret]),
            (Area::Staff, &[Staff, Secret]),
            (Area::Secret, &[Secret]),
            (Area::Client, &[Client]),
        ];
        for (area, allowed) in table {
            for t in UserType::ALL {
                assert_eq!(area.allows(t), allowed.contains(&t), "{area:?} {t:?}");
            }
        }
    }

    #[test]
    fn numbers_round_trip() {
        for t in UserType::ALL {
            assert_eq!(UserType::from_number(t.number()), Some(t));
        }
        assert_eq!(UserType::from_number(7), None);
    }
}

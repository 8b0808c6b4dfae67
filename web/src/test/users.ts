/** The staff member the staff pages' tests sign in as. */
export const staff = { securityUserId: 4, userType: 2, firstName: 'Dana', lastName: 'Staff' };

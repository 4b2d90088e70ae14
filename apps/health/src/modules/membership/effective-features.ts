/**
 * The effective features of the account row `u` (users) on the tier row `t` (membership_tiers,
 * joined on `t.tier = u.tier`), as a sorted text[]: tier features plus per-user grants minus
 * per-user revocations (UNION then EXCEPT, evaluated left to right). The membership module's one
 * definition of "which features a user has" in SQL, for a statement that reads them along with
 * data of its own in one round trip (the chart access check); FeaturesService answers the same.
 */
export const EFFECTIVE_FEATURES_SQL = `ARRAY(
    SELECT unnest(t.features)
    UNION
    SELECT o.feature FROM user_feature_overrides o WHERE o.user_id = u.id AND o.granted
    EXCEPT
    SELECT o.feature FROM user_feature_overrides o WHERE o.user_id = u.id AND NOT o.granted
    ORDER BY 1
  )`;

/** `EFFECTIVE_FEATURES_SQL` of the account whose id is the parameter `userParam` (null: none). */
export const effectiveFeaturesOf = (userParam: string): string =>
  `(SELECT ${EFFECTIVE_FEATURES_SQL} FROM users u JOIN membership_tiers t ON t.tier = u.tier
     WHERE u.id = ${userParam})`;

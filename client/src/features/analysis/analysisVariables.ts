/**
 * The variables the Analysis tab asks for its analysis and its forecast with, in one place: the
 * dashboard's read-ahead (useFirstScreen's partsReads) prepares the very reads the tab makes, and a
 * read asked with other variables would find nothing prepared.
 */
export const analysisVariables = (walletId: string | null, timeZone: string) => ({ walletId, timeZone });

/** The forecast covers every wallet together, as the hero's figures do. */
export const forecastVariables = (timeZone: string) => analysisVariables(null, timeZone);

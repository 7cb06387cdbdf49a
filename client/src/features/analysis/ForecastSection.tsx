import { useQuery } from '@apollo/client/react';
import { addDays } from '@truenet/core';
import { useState } from 'react';
import { AffordabilityForecastDocument, DashboardForecastDaysDocument } from '../../gql/graphql';
import type { WhatIf } from './affordability';
import { CanIAffordIt } from './CanIAffordIt';
import { ForecastCard, ForecastCardPlaceholder } from './ForecastCard';

/** The forecast's default length (the server's), used until the forecast has loaded. */
const DEFAULT_DAYS = 45;

interface ForecastSectionProps {
  walletId: string | null;
  timeZone: string;
  today: string;
  /** What the balance already holds for the bills that come less often. */
  heldForBills?: number;
}

/**
 * The days ahead and the questions about them: the forecast chart, and "Can I afford it?" whose
 * what-ifs are drawn on that chart. The what-ifs live here, in the page, and are never saved. The
 * days are asked for here, when the section is drawn (below the first screen), not with the hero.
 */
export function ForecastSection({ walletId, timeZone, today, heldForBills }: ForecastSectionProps) {
  const daysQuery = useQuery(DashboardForecastDaysDocument, { variables: { walletId, timeZone } });
  const forecast = daysQuery.data?.balanceForecast;
  const [whatIfs, setWhatIfs] = useState<WhatIf[]>([]);
  const [nextId, setNextId] = useState(1);
  const asked = useQuery(AffordabilityForecastDocument, {
    variables: {
      walletId,
      timeZone,
      whatIf: whatIfs.map((whatIf) => ({
        date: whatIf.date,
        amount: whatIf.amount,
        description: whatIf.description || null,
      })),
    },
    skip: whatIfs.length === 0,
  });
  // The previous answer stays drawn while the next one loads, unless every what-if was removed.
  const answered = asked.data ?? asked.previousData;
  const whatIfDays = whatIfs.length > 0 ? answered?.balanceForecast.days : undefined;

  return (
    <>
      {!forecast && daysQuery.loading && <ForecastCardPlaceholder />}
      {forecast && forecast.days.length > 0 && (
        <ForecastCard
          days={forecast.days}
          whatIfDays={whatIfDays}
          horizon={forecast.horizon}
          heldForBills={heldForBills}
        />
      )}
      <CanIAffordIt
        today={forecast?.asOf ?? today}
        horizon={forecast?.horizon ?? addDays(today, DEFAULT_DAYS - 1)}
        whatIfs={whatIfs}
        onAdd={(whatIf) => {
          setWhatIfs((current) => [...current, { ...whatIf, id: nextId }]);
          setNextId((id) => id + 1);
        }}
        onRemove={(id) => setWhatIfs((current) => current.filter((whatIf) => whatIf.id !== id))}
        answer={{
          loading: asked.loading,
          failed: Boolean(asked.error),
          days: asked.data?.balanceForecast.days,
        }}
      />
    </>
  );
}

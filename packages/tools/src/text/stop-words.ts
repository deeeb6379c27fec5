/**
 * Generic English function words, the meta-vocabulary every tool description shares ("use", "user",
 * "asks", "tool", "question"), chat filler ("hi", "pls", "stuff") and deictic time words ("last", "today",
 * "tomorrow"): none of them tells two tools apart, so none of them may decide a route. No domain words —
 * units such as "month" stay content, since a description may well be about a time window.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all already also am an and any are as at be because been before being
  below between both but by can could did do does doing don done down during each either else etc even ever
  every few for from further get gets had has have having he her here hers him his how however i if in into is
  it its itself just let lets like may me might more most much must my neither no nor not now of off on once
  one only or other our ours out over own per please same shall she should so some still such than that the
  their theirs them then there these they this those through to too under until up upon us very via was we
  were what whatever when whenever where whether which while who whom whose why will with within without
  would yes yet you your yours
  ask asks asked asking call calls called calling give gives given giving instead mention mentions mentioned
  need needs needed provide provides provided request requests requested say says said tell tells tool tools
  use uses used using user users want wants wanted wanting never avoid question questions
  hi hello hey yo ok okay thanks thank cheers pls plz u ur um uh hmm oh lol sorry sure alright
  really actually basically maybe perhaps quite right stuff thing things something anything everything
  nothing know knows wondering wonder think guess help
  last next past previous recent recently ago today tonight tomorrow yesterday night morning evening
  afternoon soon later currently anymore`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

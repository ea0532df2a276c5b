// What a finished game earned me, in the header's coins and the game-over box: the rankings'
// task records the game just after it ends, so the page asks until it has (and the wallet's
// header, for a game the rankings do not record).

export function createEarnings({ earnedUrl, walletUrl, onEarned }) {
  let earnedAsked = false;
  let coinsAsked = false;

  function afterGame(state) {
    if (state.coins) return showCoins(state.coins);
    const url = earnedUrl(state);
    if (url && !state.cancelled) {
      if (!earnedAsked) {
        earnedAsked = true;
        fetchEarned(url, 40);
      }
      return;
    }
    if (coinsAsked || !walletUrl) return;
    coinsAsked = true;
    fetchCoins();
    setTimeout(fetchCoins, 5000); // the worker credits awards just after the game
  }

  async function fetchEarned(url, triesLeft) {
    try {
      const answer = await fetch(url, { credentials: "same-origin" });
      if (answer.ok) {
        const data = await answer.json();
        if (data.recorded || triesLeft <= 1) {
          if (data.coins) showCoins(data.coins);
          onEarned(data);
          // the achievements are recorded just after the points: look once or twice more
          if (data.recorded && triesLeft > 38) setTimeout(() => fetchEarned(url, 38), 4000);
          else if (data.recorded && triesLeft === 38) setTimeout(() => fetchEarned(url, 37), 10000);
          return;
        }
      }
    } catch (error) {
      // a network hiccup: the next try (or the record page) tells
    }
    if (triesLeft > 1) setTimeout(() => fetchEarned(url, triesLeft - 1), 2000);
  }

  async function fetchCoins() {
    // no balance endpoint: the wallet page's header shows the balance as it is now
    try {
      const answer = await fetch(walletUrl, { credentials: "same-origin" });
      const page = new DOMParser().parseFromString(await answer.text(), "text/html");
      const number = (selector) => parseInt((page.querySelector(selector) || {}).textContent, 10);
      const coins = { silver: number("header .coins .silver"), gold: number("header .coins .gold") };
      if (!Number.isNaN(coins.silver) && !Number.isNaN(coins.gold)) showCoins(coins);
    } catch (error) {
      // the old balance stays until the next page
    }
  }

  return { afterGame };
}

export function showCoins(coins) {
  const silver = document.querySelector("header .coins .silver");
  const gold = document.querySelector("header .coins .gold");
  if (silver) silver.textContent = coins.silver + " silver";
  if (gold) gold.textContent = coins.gold + " gold";
}

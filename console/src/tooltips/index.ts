import { dataProvider } from '../dataProvider';

/** The ? icons' copy of a market, loaded into the tooltip store outside React (sign-in, a back-office save). */
export const tooltipsOfMarket = (marketId: number) => dataProvider.tooltipsOfMarket(marketId);

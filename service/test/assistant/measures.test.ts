import { describe, expect, it } from 'vitest';
import { conditionsMet, measureConditionsIn, meetsCondition, withoutMeasureConditions } from '../../src/modules/assistant/understanding/measures.js';

describe('measure conditions read from a question', () => {
  it('reads a bound with its unit, in base units, in several languages', () => {
    expect(measureConditionsIn('Habt ihr einen Kocher unter 100 Gramm?')).toEqual([{ dimension: 'mass', label: 'kocher', max: 100 }]);
    expect(measureConditionsIn('Ein Zelt, das weniger als ein Kilo wiegt?')).toMatchObject([{ dimension: 'mass', max: 1000 }]);
    expect(measureConditionsIn('a sleeping bag under 1.5 kg')).toMatchObject([{ dimension: 'mass', max: 1500 }]);
    expect(measureConditionsIn('un sac de couchage de moins de 2 kilos')).toMatchObject([{ dimension: 'mass', max: 2000 }]);
    expect(measureConditionsIn('una lámpara de al menos 300 lúmenes')).toMatchObject([{ dimension: 'luminous', min: 300 }]);
    expect(measureConditionsIn('a headlamp of 400 lumens or more')).toMatchObject([{ dimension: 'luminous', min: 400 }]);
    expect(measureConditionsIn('a daypack between 20 and 30 litres')).toMatchObject([{ dimension: 'volume', min: 20_000, max: 30_000 }]);
    expect(measureConditionsIn('Rucksack, so zwischen 20 und 30 Liter')).toMatchObject([{ dimension: 'volume', min: 20_000, max: 30_000 }]);
  });

  it('reads a condition that follows its number, and temperatures in either scale', () => {
    expect(measureConditionsIn('Komforttemperatur von -10 Grad oder kälter')).toEqual([{ dimension: 'temperature', label: 'komforttemperatur', max: -10 }]);
    const [fahrenheit] = measureConditionsIn('rated to 14°F or colder');
    expect(fahrenheit?.max).toBeCloseTo(-10, 5);
  });

  it('reads a unitless rating only with the label before it', () => {
    expect(measureConditionsIn('Der R-Wert sollte mindestens 4 sein.')).toEqual([{ dimension: 'rating', label: 'r-wert', min: 4 }]);
    expect(measureConditionsIn('a pad with an R-value of at least 4.5')).toEqual([{ dimension: 'rating', label: 'r-value', min: 4.5 }]);
    // A bare number after a filler word is a price question, not a rating.
    expect(measureConditionsIn('anything under 30?')).toEqual([]);
    expect(measureConditionsIn('a tent for 2 people')).toEqual([]);
    expect(measureConditionsIn('Do you ship to Canada?')).toEqual([]);
  });

  it('leaves the kind of product asked for when the conditions are taken out', () => {
    expect(withoutMeasureConditions('Habt ihr einen Kocher unter 100 Gramm?')).toBe('Habt ihr einen Kocher ?');
    expect(withoutMeasureConditions('a daypack between 20 and 30 litres please')).toBe('a daypack please');
  });

  it('reads long messages in one pass', () => {
    const long = 'unter 1 kg '.repeat(20_000);
    expect(measureConditionsIn(long)).toEqual([{ dimension: 'mass', max: 1000 }]);
    expect(meetsCondition('Gewicht: 1 kg '.repeat(20_000), { dimension: 'mass', max: 1000 })).toBe(true);
  });
});

describe('measures stated by a product', () => {
  const sleepingBag = 'Winterschlafsack mit 850 g Gänsedaune.\nKomforttemperatur: -12 °C\nLimittemperatur: -18 °C\nGewicht: 1,45 kg';

  it('reads the value on the line that names it, not another of the same unit', () => {
    expect(meetsCondition(sleepingBag, { dimension: 'mass', max: 1500 })).toBe(true);
    expect(meetsCondition(sleepingBag, { dimension: 'mass', max: 1000 })).toBe(false); // the 850 g of down is not its weight
    expect(meetsCondition(sleepingBag, { dimension: 'temperature', label: 'komforttemperatur', max: -10 })).toBe(true);
    expect(meetsCondition(sleepingBag, { dimension: 'temperature', label: 'komforttemperatur', max: -15 })).toBe(false); // -18 is the limit, not the comfort
  });

  it('reads thousands separators, decimal commas and other units', () => {
    expect(meetsCondition('Packed weight: 1.380 g', { dimension: 'mass', min: 1300, max: 1400 })).toBe(true);
    expect(meetsCondition('Weight: 2 lb 3 oz', { dimension: 'mass', max: 1000 })).toBe(true);
    expect(meetsCondition('Volumen: 22 l', { dimension: 'volume', min: 20_000, max: 30_000 })).toBe(true);
    expect(meetsCondition('Capacity 750 ml', { dimension: 'volume', min: 1000 })).toBe(false);
  });

  it('reads a rating by its label, and says nothing of what the text does not state', () => {
    expect(meetsCondition('Zusammen mit den Luftkammern ergibt das einen R-Wert von 4,2.', { dimension: 'rating', label: 'r-wert', min: 4 })).toBe(true);
    expect(meetsCondition('R-Wert: 2,1', { dimension: 'rating', label: 'r-wert', min: 4 })).toBe(false);
    expect(meetsCondition('A warm pad for winter.', { dimension: 'rating', label: 'r-wert', min: 4 })).toBeUndefined();
    expect(meetsCondition('Weight: 500 g', { dimension: 'volume', max: 1000 })).toBeUndefined();
  });

  it('counts the conditions met, and fails on any one failed', () => {
    const conditions = measureConditionsIn('Komforttemperatur von -10 Grad oder kälter, unter 1,5 kg');
    expect(conditionsMet(sleepingBag, conditions)).toBe(2);
    expect(conditionsMet('Gewicht: 1,2 kg', conditions)).toBe(1);
    expect(conditionsMet('Gewicht: 1,9 kg\nKomforttemperatur: -12 °C', conditions)).toBe(false);
    expect(conditionsMet('A stove.', conditions)).toBe(0);
  });
});

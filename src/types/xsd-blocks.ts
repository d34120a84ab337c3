/**
 * Unicode block names for XSD's `\p{IsBlock}` escapes: the blocks XSD 1.0
 * lists (Unicode 3.1), plus a few later names real modules might use.
 * Names match loosely (case, spaces, `_` and `-` ignored), as Unicode advises.
 */

// name: first-last[, first-last…] (hexadecimal code points)
const TABLE = [
  'BasicLatin:0000-007F', 'Latin-1Supplement:0080-00FF', 'LatinExtended-A:0100-017F',
  'LatinExtended-B:0180-024F', 'IPAExtensions:0250-02AF', 'SpacingModifierLetters:02B0-02FF',
  'CombiningDiacriticalMarks:0300-036F', 'Greek:0370-03FF', 'GreekandCoptic:0370-03FF',
  'Cyrillic:0400-04FF', 'CyrillicSupplement:0500-052F', 'Armenian:0530-058F', 'Hebrew:0590-05FF',
  'Arabic:0600-06FF', 'Syriac:0700-074F', 'Thaana:0780-07BF', 'Devanagari:0900-097F',
  'Bengali:0980-09FF', 'Gurmukhi:0A00-0A7F', 'Gujarati:0A80-0AFF', 'Oriya:0B00-0B7F',
  'Tamil:0B80-0BFF', 'Telugu:0C00-0C7F', 'Kannada:0C80-0CFF', 'Malayalam:0D00-0D7F',
  'Sinhala:0D80-0DFF', 'Thai:0E00-0E7F', 'Lao:0E80-0EFF', 'Tibetan:0F00-0FFF',
  'Myanmar:1000-109F', 'Georgian:10A0-10FF', 'HangulJamo:1100-11FF', 'Ethiopic:1200-137F',
  'Cherokee:13A0-13FF', 'UnifiedCanadianAboriginalSyllabics:1400-167F', 'Ogham:1680-169F',
  'Runic:16A0-16FF', 'Khmer:1780-17FF', 'Mongolian:1800-18AF',
  'LatinExtendedAdditional:1E00-1EFF', 'GreekExtended:1F00-1FFF', 'GeneralPunctuation:2000-206F',
  'SuperscriptsandSubscripts:2070-209F', 'CurrencySymbols:20A0-20CF',
  'CombiningMarksforSymbols:20D0-20FF', 'CombiningDiacriticalMarksforSymbols:20D0-20FF',
  'LetterlikeSymbols:2100-214F', 'NumberForms:2150-218F', 'Arrows:2190-21FF',
  'MathematicalOperators:2200-22FF', 'MiscellaneousTechnical:2300-23FF', 'ControlPictures:2400-243F',
  'OpticalCharacterRecognition:2440-245F', 'EnclosedAlphanumerics:2460-24FF',
  'BoxDrawing:2500-257F', 'BlockElements:2580-259F', 'GeometricShapes:25A0-25FF',
  'MiscellaneousSymbols:2600-26FF', 'Dingbats:2700-27BF', 'BraillePatterns:2800-28FF',
  'CJKRadicalsSupplement:2E80-2EFF', 'KangxiRadicals:2F00-2FDF',
  'IdeographicDescriptionCharacters:2FF0-2FFF', 'CJKSymbolsandPunctuation:3000-303F',
  'Hiragana:3040-309F', 'Katakana:30A0-30FF', 'Bopomofo:3100-312F',
  'HangulCompatibilityJamo:3130-318F', 'Kanbun:3190-319F', 'BopomofoExtended:31A0-31BF',
  'EnclosedCJKLettersandMonths:3200-32FF', 'CJKCompatibility:3300-33FF',
  'CJKUnifiedIdeographsExtensionA:3400-4DB5', 'CJKUnifiedIdeographs:4E00-9FFF',
  'YiSyllables:A000-A48F', 'YiRadicals:A490-A4CF', 'HangulSyllables:AC00-D7A3',
  'HighSurrogates:D800-DB7F', 'HighPrivateUseSurrogates:DB80-DBFF', 'LowSurrogates:DC00-DFFF',
  'PrivateUse:E000-F8FF,F0000-FFFFF,100000-10FFFF', 'PrivateUseArea:E000-F8FF',
  'CJKCompatibilityIdeographs:F900-FAFF', 'AlphabeticPresentationForms:FB00-FB4F',
  'ArabicPresentationForms-A:FB50-FDFF', 'CombiningHalfMarks:FE20-FE2F',
  'CJKCompatibilityForms:FE30-FE4F', 'SmallFormVariants:FE50-FE6F',
  'ArabicPresentationForms-B:FE70-FEFE', 'Specials:FEFF-FEFF,FFF0-FFFD',
  'HalfwidthandFullwidthForms:FF00-FFEF', 'OldItalic:10300-1032F', 'Gothic:10330-1034F',
  'Deseret:10400-1044F', 'ByzantineMusicalSymbols:1D000-1D0FF', 'MusicalSymbols:1D100-1D1FF',
  'MathematicalAlphanumericSymbols:1D400-1D7FF', 'CJKUnifiedIdeographsExtensionB:20000-2A6D6',
  'CJKCompatibilityIdeographsSupplement:2F800-2FA1F', 'Tags:E0000-E007F',
  'SupplementaryPrivateUseArea-A:F0000-FFFFF', 'SupplementaryPrivateUseArea-B:100000-10FFFF',
] as const;

const normalize = (name: string): string => name.replace(/[\s_-]/g, '').toLowerCase();

let blocks: Map<string, string> | undefined;

/** The JavaScript character-class body (`u` flag) of a block, or undefined for an unknown name. */
export function blockClassBody(name: string): string | undefined {
  if (blocks === undefined) {
    blocks = new Map();
    for (const entry of TABLE) {
      const [blockName = '', ranges = ''] = entry.split(':');
      const body = ranges
        .split(',')
        .map((range) => range.split('-').map((hex) => `\\u{${hex}}`).join('-'))
        .join('');
      blocks.set(normalize(blockName), body);
    }
  }
  return blocks.get(normalize(name));
}

-- Visitors type without accents ("creme visage", "jabon de alepo", "deodorant"): beside the
-- words as written, the search index holds the words written with accents without them, as the
-- indexer writes them (accentFoldedWords in knowledge/text-search.ts). The chunks indexed
-- before are given them here: the lower-case letters that decompose into a letter and accents,
-- each replaced by its letter, in words of three letters or more ("à" is no "a"). The same
-- expression twice (title and heading, then the body), rather than a temporary function.
UPDATE chunks c
   SET tsv = c.tsv
     || setweight(to_tsvector(c.text_search_config::regconfig, (SELECT coalesce(string_agg(folded, ' '), '')
          FROM (SELECT word, translate(word, 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿāăąćĉċčďēĕėęěĝğġģĥĩīĭįĵķĺļľńņňōŏőŕŗřśŝşšţťũūŭůűųŵŷźżžơưǎǐǒǔǖǘǚǜǟǡǣǧǩǫǭǯǰǵǹǻǽǿȁȃȅȇȉȋȍȏȑȓȕȗșțȟȧȩȫȭȯȱȳ', 'aaaaaaceeeeiiiinooooouuuuyyaaaccccdeeeeegggghiiiijklllnnnooorrrssssttuuuuuuwyzzzouaiouuuuuaaægkooʒjgnaæøaaeeiioorruusthaeooooy') AS folded
                  FROM regexp_split_to_table(lower(d.title || ' ' || coalesce(c.heading, '')), '\s+') AS word) AS words
         WHERE folded <> word AND length(regexp_replace(folded, '[!-@[-`{-~]', '', 'g')) >= 3)), 'A')
     || to_tsvector(c.text_search_config::regconfig, (SELECT coalesce(string_agg(folded, ' '), '')
          FROM (SELECT word, translate(word, 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿāăąćĉċčďēĕėęěĝğġģĥĩīĭįĵķĺļľńņňōŏőŕŗřśŝşšţťũūŭůűųŵŷźżžơưǎǐǒǔǖǘǚǜǟǡǣǧǩǫǭǯǰǵǹǻǽǿȁȃȅȇȉȋȍȏȑȓȕȗșțȟȧȩȫȭȯȱȳ', 'aaaaaaceeeeiiiinooooouuuuyyaaaccccdeeeeegggghiiiijklllnnnooorrrssssttuuuuuuwyzzzouaiouuuuuaaægkooʒjgnaæøaaeeiioorruusthaeooooy') AS folded
                  FROM regexp_split_to_table(lower(c.content), '\s+') AS word) AS words
         WHERE folded <> word AND length(regexp_replace(folded, '[!-@[-`{-~]', '', 'g')) >= 3))
  FROM documents d
 WHERE d.id = c.document_id
   AND (c.content ~ '[^\u0001-\u007f]' OR d.title ~ '[^\u0001-\u007f]' OR c.heading ~ '[^\u0001-\u007f]');

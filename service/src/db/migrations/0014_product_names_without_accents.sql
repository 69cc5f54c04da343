-- Product names are matched without the accents of Latin letters ("kobo" names the "Kōbō"
-- knife): the trigram index holds the names as knowledge/accents.ts compares them, and replaces
-- the one on lower(title). The two letter lists are LATIN_ACCENTED and LATIN_PLAIN there.
CREATE INDEX documents_product_name_plain_trgm_idx ON documents
  USING gin (workspace_id, translate(lower(title), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžØøĐđŁłıÐ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzooddllid') gin_trgm_ops)
  WHERE kind = 'product';
DROP INDEX documents_product_name_trgm_idx;

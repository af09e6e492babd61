// Package data embeds the data the product ships: the CIQUAL 2025 food table (see
// ciqual/README.md for its source, citation and licence).
package data

import _ "embed"

// CiqualFoodsCSV is the CIQUAL 2025 table, one row per food, nutrients per 100 g.
//
//go:embed ciqual/foods.csv
var CiqualFoodsCSV []byte

// PricesCSV is the table of estimated prices in EUR per kg by CIQUAL group and subgroup, and by
// CIQUAL code where a subgroup is too coarse (see prices/README.md for each line's source and
// date); admins may override the group and subgroup rows.
//
//go:embed prices/prices.csv
var PricesCSV []byte

// SeasonsCSV is the calendar of fruit and vegetables in season in metropolitan France by month,
// mapped to CIQUAL codes (see seasons/README.md for the source, ADEME's Impact CO2 calendar).
//
//go:embed seasons/seasons.csv
var SeasonsCSV []byte

// ShelfLifeCSV is the shelf life of cooked food by kind, fridge days and whether it freezes
// (see shelflife/README.md for the ANSES and USDA sources).
//
//go:embed shelflife/shelflife.csv
var ShelfLifeCSV []byte

// PopularCSV lists the CIQUAL foods French households buy most, most bought first: the food
// search ranks them first among equally good matches (see popular/README.md for how it was
// made; migration 00100 holds the same rows in food_popularity).
//
//go:embed popular/popular.csv
var PopularCSV []byte

package chart

import (
	"math"
	"strconv"
)

// The world map's frame (static/img/world.svg): an equirectangular
// projection of latitudes MapNorth to MapSouth onto MapWidth × MapHeight.
const (
	MapWidth  = 1000.0
	MapHeight = 440.0
	MapNorth  = 84.0
	MapSouth  = -60.0
)

// Project places a point of the globe on the world map.
func Project(lat, lon float64) (x, y float64) {
	lat = max(MapSouth, min(MapNorth, lat))
	return (lon + 180) / 360 * MapWidth, (MapNorth - lat) / (MapNorth - MapSouth) * MapHeight
}

// MapDot is a place on the map: users sized by their share, or a serving
// region.
type MapDot struct {
	X, Y, R float64
	Title   string
}

// MapLine joins users to the region that serves them, in the colour bin
// of its round trip (HeatBinOf), or, on an answer's map, in the colour of
// how its users stand against the question's target (TargetClass). Class
// is its CSS class: "l" and its bin, or the target's class.
type MapLine struct {
	X1, Y1, X2, Y2 float64
	Bin            int
	Class          string
	Title          string
}

// WorldMap is users, the regions serving them and the lines between.
type WorldMap struct {
	Users, Regions []MapDot
	Lines          []MapLine
}

// MapUserInput is one user group: where it is, its share (0–1), where it
// is served from and the round trip; with a latency target (TargetMS >
// 0), its latency in all (TotalMS) and the share of it within the target
// (WithinPct, percent), which colour its line instead.
type MapUserInput struct {
	Lat, Lon, Share          float64
	ServedLat, ServedLon, MS float64
	TargetMS, TotalMS        float64
	WithinPct                float64
	Title, LineTitle         string
}

// MapRegionInput is one serving region.
type MapRegionInput struct {
	Lat, Lon float64
	Title    string
}

// maxUserR is the radius of a group that is every user; a group's area
// follows its share.
const maxUserR = 22.0

// WorldMapOf lays out users and regions on the map.
func WorldMapOf(users []MapUserInput, regions []MapRegionInput) WorldMap {
	var m WorldMap
	for _, u := range users {
		x, y := Project(u.Lat, u.Lon)
		l := LineOf(u.Lat, u.Lon, u.ServedLat, u.ServedLon, u.MS, u.LineTitle)
		if u.TargetMS > 0 {
			l.Class = TargetClass(u.TotalMS, u.WithinPct, u.TargetMS)
		}
		m.Lines = append(m.Lines, l)
		m.Users = append(m.Users, MapDot{X: x, Y: y, R: max(3, maxUserR*math.Sqrt(u.Share)), Title: u.Title})
	}
	for _, r := range regions {
		m.Regions = append(m.Regions, RegionDot(r))
	}
	return m
}

// LineOf is the line between two places for a round trip of ms.
func LineOf(lat1, lon1, lat2, lon2, ms float64, title string) MapLine {
	x1, y1 := Project(lat1, lon1)
	x2, y2 := Project(lat2, lon2)
	bin := HeatBinOf(ms)
	return MapLine{X1: x1, Y1: y1, X2: x2, Y2: y2, Bin: bin, Class: "l" + strconv.Itoa(bin), Title: title}
}

// The classes of a user group's line against the question's latency
// target, from best to worst (TargetClasses in order): all its users
// within half the target, all within it, some beyond it, all beyond.
const (
	TargetHalf   = "t0"
	TargetWithin = "t1"
	TargetPartly = "t2"
	TargetMissed = "t3"
)

// TargetClasses are the target's line classes, best first.
var TargetClasses = []string{TargetHalf, TargetWithin, TargetPartly, TargetMissed}

// TargetClass is how a user group stands against a latency target of
// targetMS: its latency in all (totalMS) and the share of its users
// within the target (withinPct, percent, to a tenth).
func TargetClass(totalMS, withinPct, targetMS float64) string {
	switch {
	case withinPct <= 0:
		return TargetMissed
	case withinPct < 100:
		return TargetPartly
	case totalMS <= targetMS/2:
		return TargetHalf
	}
	return TargetWithin
}

// RegionDot is a serving region (or a metro) on the map.
func RegionDot(r MapRegionInput) MapDot {
	x, y := Project(r.Lat, r.Lon)
	return MapDot{X: x, Y: y, R: 6, Title: r.Title}
}

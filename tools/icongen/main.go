// Command icongen draws the PWA icons (a glowing saber on the site's dark
// background) into content/static/icons. Run from the repository root:
//
//	go run ./tools/icongen
package main

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"strconv"
)

// distance from point p to segment ab
func segDist(px, py, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := ((px-ax)*dx + (py-ay)*dy) / (dx*dx + dy*dy)
	t = math.Max(0, math.Min(1, t))
	cx, cy := ax+t*dx, ay+t*dy
	return math.Hypot(px-cx, py-cy)
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	return color.RGBA{uint8(float64(a.R)*(1-t) + float64(b.R)*t), uint8(float64(a.G)*(1-t) + float64(b.G)*t), uint8(float64(a.B)*(1-t) + float64(b.B)*t), 255}
}

func main() {
	for _, size := range []int{192, 512} {
		img := image.NewRGBA(image.Rect(0, 0, size, size))
		s := float64(size)
		bg := color.RGBA{11, 11, 16, 255}
		red := color.RGBA{178, 24, 38, 255}
		core := color.RGBA{255, 230, 232, 255}
		hilt := color.RGBA{150, 155, 165, 255}
		dark := color.RGBA{60, 62, 70, 255}
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				var r, g, b float64
				const ss = 3
				for sy := 0; sy < ss; sy++ {
					for sx := 0; sx < ss; sx++ {
						px := (float64(x) + (float64(sx)+0.5)/ss) / s
						py := (float64(y) + (float64(sy)+0.5)/ss) / s
						c := bg
						// blade from (0.30,0.70) to (0.80,0.20), hilt from (0.16,0.84) to (0.31,0.69)
						bd := segDist(px, py, 0.31, 0.69, 0.80, 0.20)
						glow := math.Exp(-bd * bd / (2 * 0.05 * 0.05))
						c = mix(c, red, glow*0.9)
						if bd < 0.035 {
							c = mix(red, core, 1-bd/0.035)
						}
						hd := segDist(px, py, 0.15, 0.85, 0.32, 0.68)
						if hd < 0.05 {
							c = hilt
							// grip rings
							t := (px - 0.15) / 0.17
							if int(t*6)%2 == 1 {
								c = dark
							}
						}
						r += float64(c.R)
						g += float64(c.G)
						b += float64(c.B)
					}
				}
				n := float64(ss * ss)
				img.Set(x, y, color.RGBA{uint8(r / n), uint8(g / n), uint8(b / n), 255})
			}
		}
		f, err := os.Create("content/static/icons/icon-" + strconv.Itoa(size) + ".png")
		if err != nil {
			panic(err)
		}
		if err := png.Encode(f, img); err != nil {
			panic(err)
		}
		f.Close()
	}
}

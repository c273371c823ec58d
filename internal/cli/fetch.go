package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// feedSource is one feed catalog refresh -fetch downloads: the file it is
// saved as and its address; paged feeds (the Azure Retail Prices API's)
// are followed page by page.
type feedSource struct {
	File, URL string
	Paged     bool
}

// defaultFeeds are the feeds a refresh fetches: the Azure Retail Prices
// API's pages for GPU virtual machines (N series) in USD, and the AWS Spot
// Instance Advisor's data. The AWS Price List's region files (hundreds of
// MB each) and the Cloud Billing catalog (which needs an API key) are left
// to the operator's own download.
var defaultFeeds = []feedSource{
	{File: "azure_retail.json", Paged: true,
		URL: "https://prices.azure.com/api/retail/prices?currencyCode=USD&$filter=" +
			"serviceName%20eq%20%27Virtual%20Machines%27%20and%20startswith(armSkuName,%27Standard_N%27)"},
	{File: "aws_spot_advisor.json", URL: "https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json"},
}

// maxFeedPages bounds a paged feed's download (the N series are a few
// thousand items, 100 a page).
const maxFeedPages = 500

// fetchFeeds downloads each feed into dir, replacing what a refresh read
// before; a paged feed's pages are saved one after another in one file.
func fetchFeeds(ctx context.Context, client *http.Client, dir string, feeds []feedSource) error {
	for _, f := range feeds {
		var out bytes.Buffer
		next := f.URL
		for page := 0; next != "" && page < maxFeedPages; page++ {
			body, err := get(ctx, client, next)
			if err != nil {
				return fmt.Errorf("fetch %s: %w", f.File, err)
			}
			out.Write(body)
			out.WriteByte('\n')
			next = ""
			if f.Paged {
				var p struct {
					NextPageLink string `json:"NextPageLink"`
				}
				if err := json.Unmarshal(body, &p); err != nil {
					return fmt.Errorf("fetch %s: page %d: %w", f.File, page+1, err)
				}
				next = p.NextPageLink
			}
		}
		if err := os.WriteFile(filepath.Join(dir, f.File), out.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// get is one GET's body; anything but 200 is an error.
func get(ctx context.Context, client *http.Client, url string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", url, resp.Status)
	}
	return io.ReadAll(io.LimitReader(resp.Body, 256<<20))
}

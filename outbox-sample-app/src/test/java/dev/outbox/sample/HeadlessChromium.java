/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import dev.outbox.testing.MissingServer;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * A headless Chromium driven by ChromeDriver, from the machine's packages (Debian's chromium and
 * chromium-driver, or the paths in {@code OUTBOX_TEST_CHROMIUM} and {@code OUTBOX_TEST_CHROMEDRIVER}).
 * A test that needs it is skipped, with the reason printed, where they are missing. Nothing is
 * downloaded: Selenium Manager is kept offline. Public for the console's test behind Spring Security, in
 * another module.
 */
public final class HeadlessChromium implements AutoCloseable {

    private final ChromeDriver driver;

    private final Path profile;

    private HeadlessChromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /**
     * @return a fresh browser with an empty profile; skips the calling test when there is no Chromium
     */
    public static HeadlessChromium start() throws IOException {
        Path browser = Path.of(System.getenv().getOrDefault("OUTBOX_TEST_CHROMIUM", "/usr/bin/chromium"));
        Path driver = Path.of(System.getenv().getOrDefault("OUTBOX_TEST_CHROMEDRIVER", "/usr/bin/chromedriver"));
        if (!Files.isExecutable(browser) || !Files.isExecutable(driver)) {
            throw MissingServer.skipOrFail("browser", "No headless Chromium: " + browser + " or " + driver
                    + " is missing (apt-get install chromium chromium-driver, or set OUTBOX_TEST_CHROMIUM and "
                    + "OUTBOX_TEST_CHROMEDRIVER)");
        }
        System.setProperty("SE_OFFLINE", "true");
        Path profile = Files.createTempDirectory("outbox-chromium-");
        ChromeOptions options = new ChromeOptions().setBinary(browser.toFile()).addArguments("--headless=new",
                "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1400,1000",
                "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver.toFile())
                .usingAnyFreePort().build();
        return new HeadlessChromium(new ChromeDriver(service, options), profile);
    }

    /**
     * @return the driver of this browser
     */
    public ChromeDriver driver() {
        return this.driver;
    }

    @Override
    public void close() throws IOException {
        try {
            this.driver.quit();
        }
        finally {
            try (Stream<Path> files = Files.walk(this.profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }
}

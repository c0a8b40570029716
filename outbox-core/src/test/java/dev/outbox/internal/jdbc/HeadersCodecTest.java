/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HeadersCodecTest {

    @Test
    void roundTripKeepsNamesAndValuesWithCharactersJsonMustEscape() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("quote\"name", "say \"hi\"");
        headers.put("back\\slash", "C:\\temp\\new");
        headers.put("line\nbreak", "first\nsecond\r\nthird");
        headers.put("tab\tname", "a\tb");
        headers.put("controls", "\u0000\u0001\u0008\u000c\u001f\u007f");
        headers.put("json-looking", "{\"a\":[1,2]}, \"}\": ");
        headers.put("empty", "");
        headers.put("  spaces  ", "  padded  ");

        assertThat(HeadersCodec.decode(HeadersCodec.encode(headers))).containsExactlyEntriesOf(headers);
    }

    @Test
    void roundTripKeepsUnicodeIncludingSupplementaryCharacters() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("naïve-ключ", "значение");
        headers.put("中文", "日本語 한국어");
        headers.put("emoji-😀", "👍🏽 family 👨‍👩‍👧");
        headers.put("separators", "\u2028\u2029\ufeff");

        assertThat(HeadersCodec.decode(HeadersCodec.encode(headers))).containsExactlyEntriesOf(headers);
    }

    @Test
    void roundTripKeepsTheOrderOfManyHeaders() {
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 50; i > 0; i--) {
            headers.put("h" + i, "v" + i);
        }

        assertThat(HeadersCodec.decode(HeadersCodec.encode(headers))).containsExactlyEntriesOf(headers);
    }

    @Test
    void encodesStandardJsonWithEscapedSpecialAndControlCharacters() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("a", "x\"y\\z");
        headers.put("b", "1\n2\r3\t4\u0001");

        assertThat(HeadersCodec.encode(headers))
                .isEqualTo("{\"a\":\"x\\\"y\\\\z\",\"b\":\"1\\n2\\r3\\t4\\u0001\"}");
    }

    @Test
    void encodesAnEmptyMapAsNullSoTheColumnStaysNull() {
        assertThat(HeadersCodec.encode(Map.of())).isNull();
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = { "", " ", "\n\t  " })
    void decodesNullOrBlankAsAnEmptyMap(String json) {
        assertThat(HeadersCodec.decode(json)).isEmpty();
    }

    @Test
    void decodesAnEmptyObject() {
        assertThat(HeadersCodec.decode("{}")).isEmpty();
        assertThat(HeadersCodec.decode(" { } ")).isEmpty();
    }

    @Test
    void decodesJsonWrittenByOtherToolsWithWhitespaceAndAllStandardEscapes() {
        String json = " {\n  \"a\" : \"b\" ,\n  \"esc\" : \"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\u20AC\"\n} ";

        assertThat(HeadersCodec.decode(json))
                .containsExactly(Map.entry("a", "b"), Map.entry("esc", "\" \\ / \b \f \n \r \t é €"));
    }

    @Test
    void decodedHeadersCannotBeModified() {
        Map<String, String> decoded = HeadersCodec.decode("{\"a\":\"b\"}");

        assertThatThrownBy(() -> decoded.put("c", "d"))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("not an object", "[]"),
                Arguments.of("bare word", "headers"),
                Arguments.of("unclosed object", "{"),
                Arguments.of("unclosed object after a pair", "{\"a\":\"b\""),
                Arguments.of("name without value", "{\"a\"}"),
                Arguments.of("missing value", "{\"a\":}"),
                Arguments.of("number value", "{\"a\":1}"),
                Arguments.of("null value", "{\"a\":null}"),
                Arguments.of("nested object", "{\"a\":{\"b\":\"c\"}}"),
                Arguments.of("array value", "{\"a\":[\"b\"]}"),
                Arguments.of("unquoted name", "{a:\"b\"}"),
                Arguments.of("trailing comma", "{\"a\":\"b\",}"),
                Arguments.of("missing comma", "{\"a\":\"b\" \"c\":\"d\"}"),
                Arguments.of("trailing text", "{\"a\":\"b\"} x"),
                Arguments.of("two objects", "{}{}"),
                Arguments.of("unterminated string", "{\"a\":\"b}"),
                Arguments.of("dangling backslash", "{\"a\":\"b\\"),
                Arguments.of("short unicode escape", "{\"a\":\"\\u12\"}"),
                Arguments.of("non-hex unicode escape", "{\"a\":\"\\uZZZZ\"}"),
                Arguments.of("signed unicode escape", "{\"a\":\"\\u+041\"}"),
                Arguments.of("unknown escape", "{\"a\":\"\\q\"}"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("malformed")
    void rejectsMalformedJsonWithAnIllegalArgumentExceptionThatSaysWhatIsWrong(String problem, String json) {
        assertThatIllegalArgumentException().isThrownBy(() -> HeadersCodec.decode(json))
                .withMessageContaining("headers are not a flat JSON object of strings");
    }
}

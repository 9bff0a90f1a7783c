// LangChain4j's MCP client with an AI service, as LangChain4j's MCP tutorial writes it: a stdio (or
// Streamable HTTP) transport, a DefaultMcpClient, an McpToolProvider bound to an AiServices bot, an
// OpenAI chat model. The lab's harness: the server from server.json, the task from the first
// argument, a setting (protocolVersion=...) from the second, the model's base URL and key from the
// environment; every other default as LangChain4j ships it.
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.mcp.McpToolProvider;
import dev.langchain4j.mcp.client.DefaultMcpClient;
import dev.langchain4j.mcp.client.McpClient;
import dev.langchain4j.mcp.client.transport.McpTransport;
import dev.langchain4j.mcp.client.transport.http.StreamableHttpMcpTransport;
import dev.langchain4j.mcp.client.transport.stdio.StdioMcpTransport;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.tool.ToolProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public class Langchain4jHarness {

    interface Bot {
        String chat(String message);
    }

    public static void main(String[] args) throws Exception {
        JsonNode server = new ObjectMapper().readTree(Files.readString(Path.of("server.json")));

        ChatModel model = OpenAiChatModel.builder()
            .baseUrl(System.getenv("OPENAI_BASE_URL"))
            .apiKey(System.getenv("OPENAI_API_KEY"))
            .modelName("gpt-4o-mini")
            .build();

        McpTransport transport;
        if (server.has("url")) {
            transport = StreamableHttpMcpTransport.builder()
                .url(server.get("url").asText())
                .build();
        } else {
            List<String> command = new ArrayList<>();
            command.add(server.get("command").asText());
            server.get("args").forEach(arg -> command.add(arg.asText()));
            transport = StdioMcpTransport.builder()
                .command(command)
                .build();
        }

        DefaultMcpClient.Builder client = DefaultMcpClient.builder().transport(transport);
        if (args.length > 1 && args[1].startsWith("protocolVersion=")) {
            client.protocolVersion(args[1].substring("protocolVersion=".length()));
        }
        McpClient mcpClient = client.build();

        ToolProvider toolProvider = McpToolProvider.builder()
            .mcpClients(List.of(mcpClient))
            .build();

        Bot bot = AiServices.builder(Bot.class)
            .chatModel(model)
            .toolProvider(toolProvider)
            .build();

        try {
            String response = bot.chat(args[0]);
            System.out.println("RESPONSE: " + response);
        } finally {
            mcpClient.close();
        }
    }
}

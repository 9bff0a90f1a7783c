// Spring AI's MCP client with a ChatClient, as the MCP docs' "Build an MCP client" Java tutorial
// builds it: Spring Boot with spring-ai-starter-mcp-client and spring-ai-starter-model-anthropic, the
// server's tools registered as tool callbacks, one ChatClient with them as its default tools. The
// lab's harness: the server from server.json, set as the starter's stdio connection; the task from
// the first argument, asked once instead of the tutorial's chat loop; the model's base URL and key
// from the environment (SPRING_AI_ANTHROPIC_BASE_URL, SPRING_AI_ANTHROPIC_API_KEY).
package canimcp.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication(proxyBeanMethods = false)
public class SpringAiHarness {

    public static void main(String[] args) throws Exception {
        JsonNode server = new ObjectMapper().readTree(Files.readString(Path.of("server.json")));
        Map<String, Object> properties = new HashMap<>();
        // A command-line program, not a server: the 1.x client starter brings WebFlux (for its SSE
        // transport), and Spring Boot 3 would otherwise start it as a reactive web application.
        properties.put("spring.main.web-application-type", "none");
        properties.put("spring.ai.mcp.client.stdio.connections.lab.command", server.get("command").asText());
        for (int i = 0; i < server.get("args").size(); i++) {
            properties.put("spring.ai.mcp.client.stdio.connections.lab.args[" + i + "]", server.get("args").get(i).asText());
        }
        SpringApplication application = new SpringApplication(SpringAiHarness.class);
        application.setDefaultProperties(properties);
        application.run(args).close();
    }

    @Bean
    ApplicationRunner chat(ChatClient.Builder chatClientBuilder, ToolCallbackProvider tools) {
        return arguments -> {
            var chatClient = chatClientBuilder
                .defaultSystem("You are useful assistant, expert in AI and Java.")
                .defaultToolCallbacks(tools)
                .build();
            System.out.println(chatClient.prompt(arguments.getNonOptionArgs().get(0)).call().content());
        };
    }
}
